import type { Db } from '../db';
import { eventBusFor, type EventBus } from '../events';
import {
  PAGE_CACHE_CHANNEL,
  pageCacheDependenciesFor,
  recordPageCacheDependency,
  writtenTablesFromPayload,
  type WrittenTables,
} from './dependencies';

const MAX_ENTRIES = 4000;
/** The default byte budget, for a process without a page cache to share one with. */
export const DEFAULT_MEMO_BYTES = 8 * 1024 * 1024;
/** A kept answer's heap besides its JSON text (the entry, its key, the Map slot, object headers). */
const ENTRY_OVERHEAD_BYTES = 256;
/**
 * A write is heard before its transaction commits, so a read made in that gap holds the old rows:
 * what a write touched is dropped once more this much later (as the page cache does).
 */
const SETTLE_MS = 1000;

type Entry = {
  value: Promise<unknown>;
  tables: readonly string[];
  generations: number[];
  everything: number;
  bytes: number;
};

/**
 * About what an answer holds on the heap: twice its JSON text (V8's objects and property slots
 * weigh about as much again as the characters) plus the entry. Rows are plain data; anything
 * JSON cannot write counts as one kilobyte.
 */
export function estimatedBytes(value: unknown): number {
  try {
    return 2 * (JSON.stringify(value)?.length ?? 0) + ENTRY_OVERHEAD_BYTES;
  } catch {
    return 1024 + ENTRY_OVERHEAD_BYTES;
  }
}

/**
 * Results of the public site's read queries (site by host, language roots, live page by path,
 * translations, privacy restrictions...) kept in this process, keyed by what was asked, and
 * dropped when any table they read is written: by this process (the Kysely plugin that feeds the
 * page cache, synchronously) or by another dyno (its NOTIFY on the page cache channel, within
 * milliseconds). A page cache miss for a published page then asks the database nothing.
 *
 * Each table has a generation; an entry remembers the generations of its tables when its load
 * started and is stale once one moved, so a load that raced with a write is never served.
 * Bounded in bytes (estimated when an answer arrives) and in entries: past either, the least
 * recently used answers go, so neither unknown paths nor a site of many pages grow it. The page
 * cache gives it a share of PAGE_CACHE_MB (server/cache/install.ts): the rows a process keeps and
 * the pages it renders from them live within one bound.
 */
export class TableMemo {
  private readonly entries = new Map<string, Entry>();
  private readonly generations = new Map<string, number>();
  private everything = 0;
  private kept = 0;
  private budget: number;
  private settling: Set<string> | '*' | undefined;
  /** False until other dynos' writes can be heard (and for good if they cannot): reads pass through. */
  listening = false;

  constructor(options: { maxBytes?: number } = {}) {
    this.budget = options.maxBytes ?? DEFAULT_MEMO_BYTES;
  }

  /** Estimated heap of the answers kept. */
  get bytes(): number {
    return this.kept;
  }

  get maxBytes(): number {
    return this.budget;
  }

  read<T>(key: string, tables: readonly string[], load: () => Promise<T>): Promise<T> {
    if (!this.listening) return load();
    // The answer being built depends on these tables as if it had queried them.
    for (const table of tables) recordPageCacheDependency(table);
    const found = this.entries.get(key);
    if (found && this.fresh(found)) {
      // The most recently used answers are the last ones evicted.
      this.entries.delete(key);
      this.entries.set(key, found);
      return found.value as Promise<T>;
    }
    if (this.budget <= 0) return load();
    const entry: Entry = {
      value: load(),
      tables,
      generations: tables.map((t) => this.generationOf(t)),
      everything: this.everything,
      bytes: 0,
    };
    this.drop(key);
    this.entries.set(key, entry);
    entry.value.then(
      (value) => {
        if (this.entries.get(key) !== entry) return;
        entry.bytes = estimatedBytes(value);
        this.kept += entry.bytes;
        this.trim();
      },
      // A failed load is not kept.
      () => {
        if (this.entries.get(key) === entry) this.drop(key);
      },
    );
    this.trim();
    return entry.value as Promise<T>;
  }

  /** Sets the byte budget (the page cache's share for it) and evicts down to it. */
  resize(maxBytes: number): void {
    this.budget = maxBytes;
    this.trim();
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.kept -= entry.bytes;
    this.entries.delete(key);
  }

  /** Least recently used first, until within both bounds (an answer larger than the whole budget is not kept). */
  private trim(): void {
    while (this.entries.size > MAX_ENTRIES || (this.kept > this.budget && this.entries.size > 0))
      this.drop(this.entries.keys().next().value!);
  }

  /** Drops what read `tables` ('*': everything), now and again once the writer has committed. */
  invalidate(tables: WrittenTables): void {
    this.bump(tables);
    if (this.settling === undefined) {
      this.settling = tables === '*' ? '*' : new Set(tables);
      setTimeout(() => {
        const again = this.settling!;
        this.settling = undefined;
        this.bump(again);
      }, SETTLE_MS).unref();
    } else if (this.settling !== '*') {
      if (tables === '*') this.settling = '*';
      else for (const table of tables) this.settling.add(table);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private bump(tables: WrittenTables): void {
    if (tables === '*') {
      this.everything += 1;
      this.entries.clear();
      this.kept = 0;
      return;
    }
    for (const table of tables) this.generations.set(table, this.generationOf(table) + 1);
  }

  private generationOf(table: string): number {
    return this.generations.get(table) ?? 0;
  }

  private fresh(entry: Entry): boolean {
    if (entry.everything !== this.everything) return false;
    for (let i = 0; i < entry.tables.length; i++)
      if (entry.generations[i] !== this.generationOf(entry.tables[i]!)) return false;
    return true;
  }
}

/** Reads straight from the database: for handles that cannot hear writes (a transaction). */
const passThrough = { read: <T>(_key: string, _tables: readonly string[], load: () => Promise<T>) => load() };
export type MemoReader = Pick<TableMemo, 'read'>;

const memos = new WeakMap<Db, TableMemo>();
const budgets = new WeakMap<Db, number>();

/**
 * Gives the memo of `db` its byte budget (0 keeps nothing: reads go to the database) and returns
 * a reading of its estimated bytes for the cache's report line.
 */
export function budgetTableMemo(db: Db, maxBytes: number): () => number {
  budgets.set(db, maxBytes);
  const memo = memos.get(db);
  memo?.resize(maxBytes);
  return () => memos.get(db)?.bytes ?? 0;
}

/**
 * The process's memo for a database handle, listening for writes from its first use. A handle
 * without the page cache plugin or an event bus (a transaction, a bare copy) is not memoised:
 * inside a transaction a read must see that transaction's own writes.
 */
export function tableMemoFor(db: Db): MemoReader {
  const known = memos.get(db);
  if (known) return known;
  const plugin = pageCacheDependenciesFor(db);
  let bus: EventBus;
  try {
    bus = eventBusFor(db);
  } catch {
    return passThrough;
  }
  if (!plugin) return passThrough;
  const memo = new TableMemo({ maxBytes: budgets.get(db) });
  memos.set(db, memo);
  plugin.onWrite((tables) => memo.invalidate(tables));
  const heard = (payload: string) => {
    const tables = writtenTablesFromPayload(payload);
    memo.invalidate(tables);
  };
  // A missed message (the listener reconnected) may have been a write: drop everything then.
  bus
    .subscribe(PAGE_CACHE_CHANNEL, heard, () => memo.invalidate('*'))
    .then(
      () => {
        // Nothing was kept before: reads passed through until now.
        memo.listening = true;
      },
      () => undefined,
    );
  return memo;
}
