import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { pageCacheDependenciesFor, registerPageCacheDependencies } from '../../server/cache/dependencies';
import type { Db } from '../../server/db';
import { shareQueryPluginSlot } from '../../server/db-plugins';
import { eventBusFor, registerEventBus } from '../../server/events';

/**
 * A copy of `db` that records the kind and tables of every query run through it (reads and
 * writes), for tests that count what a request costs. The copy keeps the original's event bus
 * and page cache plugin, so an app built on it behaves as one built on `db`.
 */
export function countingDatabase(db: Db): { db: Db; queries: string[]; reset(): void } {
  const queries: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      queries.push(describe(args.node));
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return args.result;
    },
  };
  const counted = db.withPlugin(plugin);
  shareQueryPluginSlot(db, counted);
  const dependencies = pageCacheDependenciesFor(db);
  if (dependencies) registerPageCacheDependencies(counted, dependencies);
  registerEventBus(counted, eventBusFor(db));
  return { db: counted, queries, reset: () => void queries.splice(0) };
}

function describe(node: RootOperationNode): string {
  const tables = new Set<string>();
  const visit = (value: unknown): void => {
    if (value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach(visit);
    const kind = (value as { kind?: unknown }).kind;
    if (kind === 'TableNode') {
      const name = (value as { table?: { identifier?: { name?: unknown } } }).table?.identifier?.name;
      if (typeof name === 'string') tables.add(name);
    }
    if (kind === 'RawNode')
      tables.add(
        ((value as { sqlFragments?: readonly string[] }).sqlFragments ?? [])
          .join('?')
          .replace(/\s+/g, ' ')
          .slice(0, 60),
      );
    for (const child of Object.values(value)) if (child && typeof child === 'object') visit(child);
  };
  visit(node);
  return `${node.kind.replace('QueryNode', '').replace('Node', '').toLowerCase()} ${[...tables].sort().join(',')}`;
}
