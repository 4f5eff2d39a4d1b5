import { AsyncLocalStorage } from 'node:async_hooks';
import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { addQueryPlugin } from '../db-plugins';

/**
 * The page cache's dependency records and write signals, from the queries themselves: every
 * query passes this Kysely plugin (the app installs it into the handle's plugin slot), so
 * - a query run while a cacheable answer is being built records the tables it read, and
 * - a query that writes (insert, update, delete, merge, DDL, or raw SQL that looks like one)
 *   tells every page cache of this database which tables changed, before it runs and again
 *   once it has run, synchronously: a test (or editor) that publishes and then reads sees the
 *   new page.
 * No module has to know about the cache for its writes to invalidate it; code that keeps its own
 * in-memory copy of table data calls recordPageCacheDependency(table) when it serves from it.
 */
const reads = new AsyncLocalStorage<Set<string>>();

/** Runs `work` with the tables its queries read collected into `tables`. */
export function collectReads<T>(tables: Set<string>, work: () => T): T {
  return reads.run(tables, work);
}

/** Records that the answer being built depends on `table` (for data served from an in-memory copy). */
export function recordPageCacheDependency(table: string): void {
  reads.getStore()?.add(table);
}

/** '*' when a write's tables cannot be told (raw SQL we cannot read): everything is stale. */
export type WrittenTables = Set<string> | '*';

/** The channel every process's page cache and read memo hear writes on. */
export const PAGE_CACHE_CHANNEL = 'page_cache';

/** A write notice's payload (a JSON list of table names) as tables; '*' or anything unreadable means every table. */
export function writtenTablesFromPayload(payload: string): WrittenTables {
  try {
    const parsed: unknown = JSON.parse(payload);
    if (Array.isArray(parsed) && parsed.every((t) => typeof t === 'string')) return new Set(parsed as string[]);
  } catch {
    // Not JSON: everything.
  }
  return '*';
}
export type WriteListener = (tables: WrittenTables) => void;

const WRITE_KINDS = new Set([
  'InsertQueryNode',
  'UpdateQueryNode',
  'DeleteQueryNode',
  'MergeQueryNode',
  'CreateTableNode',
  'DropTableNode',
  'AlterTableNode',
  'CreateIndexNode',
  'DropIndexNode',
  'CreateViewNode',
  'DropViewNode',
  'CreateSchemaNode',
  'DropSchemaNode',
  'CreateTypeNode',
  'DropTypeNode',
  'RefreshMaterializedViewNode',
]);
const RAW_WRITE =
  /\b(insert\s+into|update\s+[\w".]+\s+(?:as\s+\w+\s+)?set|delete\s+from|truncate|merge\s+into|alter\s+table|drop\s+table|create\s+table|copy\s+[\w".]+\s+from)\b/i;
const RAW_TABLE = /\b(?:from|join|into|update|table|truncate)\s+(?:only\s+)?(?:"?\w+"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;

type Analysis = { write: boolean; tables: Set<string>; unknownTables: boolean };

function analyse(root: OperationNode): Analysis {
  const result: Analysis = { write: false, tables: new Set(), unknownTables: false };
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    const kind = (node as { kind?: unknown }).kind;
    // `p.title` names the alias `p` in a TableNode of its own: only the column part can hold a table.
    if (kind === 'ReferenceNode') return visit((node as { column?: unknown }).column);
    if (kind === 'TableNode') {
      const name = (node as { table?: { identifier?: { name?: unknown } } }).table?.identifier?.name;
      if (typeof name === 'string') result.tables.add(name);
      return;
    }
    if (typeof kind === 'string' && WRITE_KINDS.has(kind)) result.write = true;
    if (kind === 'RawNode') {
      const text = ((node as { sqlFragments?: readonly string[] }).sqlFragments ?? []).join(' ? ');
      if (RAW_WRITE.test(text)) {
        result.write = true;
        const before = result.tables.size;
        for (const match of text.matchAll(RAW_TABLE)) result.tables.add(match[1]!.toLowerCase());
        if (result.tables.size === before) result.unknownTables = true;
      } else {
        for (const match of text.matchAll(RAW_TABLE)) result.tables.add(match[1]!.toLowerCase());
      }
    }
    for (const value of Object.values(node)) if (value && typeof value === 'object') visit(value);
  };
  visit(root);
  return result;
}

export class PageCacheDependencies implements KyselyPlugin {
  private readonly listeners = new Set<WriteListener>();
  private readonly pending = new WeakMap<object, WrittenTables>();

  /** Every write through this database handle (and its transactions) calls `listener`. */
  onWrite(listener: WriteListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const analysis = analyse(args.node);
    if (analysis.write) {
      const written: WrittenTables = analysis.unknownTables ? '*' : analysis.tables;
      this.pending.set(args.queryId, written);
      this.emit(written);
    } else {
      const store = reads.getStore();
      if (store) for (const table of analysis.tables) store.add(table);
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const written = this.pending.get(args.queryId);
    if (written) {
      this.pending.delete(args.queryId);
      // Again once the row has changed: an answer built meanwhile from the old row goes too.
      this.emit(written);
    }
    return args.result;
  }

  private emit(tables: WrittenTables): void {
    for (const listener of this.listeners) {
      try {
        listener(tables);
      } catch {
        // A cache failing must not fail the write.
      }
    }
  }
}

const registry = new WeakMap<object, PageCacheDependencies>();

/** For a `withPlugin` copy of a handle (it shares the handle's plugin slot, so the same plugin sees its queries). */
export function registerPageCacheDependencies(db: object, plugin: PageCacheDependencies): void {
  registry.set(db, plugin);
}

/**
 * The handle's plugin, added to its query plugin slot (server/db-plugins.ts) on first use: the
 * app installs it (through the page cache and the read memo) and the database plumbing knows
 * nothing of it. Undefined for a handle without a slot (a transaction, a bare copy).
 */
export function pageCacheDependenciesFor(db: object): PageCacheDependencies | undefined {
  const known = registry.get(db);
  if (known) return known;
  const plugin = new PageCacheDependencies();
  if (!addQueryPlugin(db, plugin)) return undefined;
  registry.set(db, plugin);
  return plugin;
}

/** Installs the page cache's plugin on `db` (once): from here on its writes invalidate and its reads are recorded. */
export function installPageCachePlugin(db: object): boolean {
  return pageCacheDependenciesFor(db) !== undefined;
}
