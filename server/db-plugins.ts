import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * A Kysely plugin slot: Kysely fixes a handle's plugins when it is built, so openDatabase builds
 * every handle with this slot, and code that wants to watch every query (the page cache records
 * what a page read and hears what was written) adds its plugin later with addQueryPlugin. The
 * database plumbing therefore knows nothing of the features that watch it. Transactions and
 * `withPlugin` copies keep the slot, so they pass the added plugins too.
 */
export class QueryPluginSlot implements KyselyPlugin {
  private readonly plugins: KyselyPlugin[] = [];

  add(plugin: KyselyPlugin): void {
    this.plugins.push(plugin);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    let node = args.node;
    for (const plugin of this.plugins) node = plugin.transformQuery({ ...args, node });
    return node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    let result = args.result;
    for (const plugin of this.plugins) result = await plugin.transformResult({ ...args, result });
    return result;
  }
}

const slots = new WeakMap<object, QueryPluginSlot>();

/** Called by openDatabase for the handle it built with `slot` among its plugins. */
export function registerQueryPluginSlot(db: object, slot: QueryPluginSlot): void {
  slots.set(db, slot);
}

/**
 * Adds `plugin` to every query of `db` from now on. False when `db` was not opened by
 * openDatabase (a transaction or a bare copy), whose queries cannot be watched this way.
 */
export function addQueryPlugin(db: object, plugin: KyselyPlugin): boolean {
  const slot = slots.get(db);
  slot?.add(plugin);
  return slot !== undefined;
}

/** Lets `copy` (a `withPlugin` copy of `db`, which shares its slot) take plugins too. */
export function shareQueryPluginSlot(db: object, copy: object): void {
  const slot = slots.get(db);
  if (slot) slots.set(copy, slot);
}
