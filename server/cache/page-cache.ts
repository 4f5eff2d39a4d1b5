import type { CachedEntry } from './cache-entry';

/**
 * The store of ready-to-send answers. An entry's layout (body, gzip member, header lists) is in
 * cache-entry.ts, sending one in serve-hit.ts, the rules that decide what is stored in rules.ts.
 */
export type { CachedEntry, EntryInput } from './cache-entry';
export { buildEntry, storedHeaders } from './cache-entry';
export type { Hole, HoleValues } from './holes';
export { freshNonce } from './nonce';
export { sendEntry } from './serve-hit';

export type PageCacheOptions = {
  /** The bound on stored bytes (bodies, their variants and headers). */
  maxBytes: number;
  /** A single answer larger than this is not stored. */
  maxEntryBytes?: number;
  now?: () => number;
};

/**
 * Ready-to-send answers in memory, least recently used first out, bounded in bytes. Entries
 * remember which tables they were built from; a write to one of those tables (on any dyno)
 * drops them (server/cache/invalidation.ts).
 */
export class PageCache {
  private readonly main = new Map<string, CachedEntry>();
  private readonly shortLived = new Map<string, CachedEntry>();
  private readonly byTable = new Map<string, Set<string>>();
  private mainBytes = 0;
  private shortBytes = 0;
  readonly maxBytes: number;
  readonly maxEntryBytes: number;
  private readonly now: () => number;
  /** Counts up on every invalidation: a render that began before one of its tables changed is not stored. */
  generation = 0;
  private flushedAt = 0;
  private readonly tableGenerations = new Map<string, number>();
  hits = 0;
  misses = 0;
  /** Counts insertions and moves to the recent end (see get). */
  private uses = 0;

  constructor(options: PageCacheOptions) {
    this.maxBytes = options.maxBytes;
    this.maxEntryBytes = Math.min(options.maxEntryBytes ?? 2 * 1024 * 1024, Math.floor(options.maxBytes / 8));
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.main.size + this.shortLived.size;
  }

  get bytes(): number {
    return this.mainBytes + this.shortBytes;
  }

  get(key: string): CachedEntry | undefined {
    let map = this.main;
    let entry = map.get(key);
    if (!entry) {
      map = this.shortLived;
      entry = map.get(key);
      if (!entry) return undefined;
    }
    if (entry.expiresAt <= this.now()) {
      this.delete(key);
      return undefined;
    }
    // Most recently used goes last, but not on every hit: at most `uses - usedAt` entries went in
    // (or moved) after this one, so while that is under half the map it is in the newer half and
    // nowhere near eviction. A page hit thousands of times a second costs no Map reshuffling.
    const behind = this.uses - entry.usedAt;
    if (behind > 0 && behind >= map.size >> 1) {
      map.delete(key);
      map.set(key, entry);
      entry.usedAt = ++this.uses;
    }
    return entry;
  }

  /**
   * How many keys each index holds (the maps by age and the dependency record by table): what an
   * eviction or invalidation must leave behind is exactly the live entries, nothing else.
   */
  census(): { main: number; shortLived: number; tables: number; tableKeys: number; strayTableKeys: number } {
    let tableKeys = 0;
    let strayTableKeys = 0;
    for (const keys of this.byTable.values()) {
      tableKeys += keys.size;
      for (const key of keys) if (!this.main.has(key) && !this.shortLived.has(key)) strayTableKeys++;
    }
    return {
      main: this.main.size,
      shortLived: this.shortLived.size,
      tables: this.byTable.size,
      tableKeys,
      strayTableKeys,
    };
  }

  set(entry: CachedEntry): boolean {
    if (entry.bytes > this.maxEntryBytes) return false;
    this.delete(entry.key);
    const map = entry.short ? this.shortLived : this.main;
    map.set(entry.key, entry);
    entry.usedAt = ++this.uses;
    if (entry.short) this.shortBytes += entry.bytes;
    else this.mainBytes += entry.bytes;
    for (const table of entry.tables) {
      const keys = this.byTable.get(table) ?? new Set<string>();
      this.byTable.set(table, keys.add(entry.key));
    }
    // The short-lived part gets a tenth of the budget, the rest the remainder.
    const shortBudget = Math.floor(this.maxBytes / 10);
    while (this.shortBytes > shortBudget) this.evictOldest(this.shortLived);
    while (this.mainBytes > this.maxBytes - shortBudget) this.evictOldest(this.main);
    return this.main.has(entry.key) || this.shortLived.has(entry.key);
  }

  /** Puts `next` in place of `current` when `current` is still the stored entry for its key (not invalidated, evicted or replaced since). */
  replace(current: CachedEntry, next: CachedEntry): boolean {
    if ((this.main.get(current.key) ?? this.shortLived.get(current.key)) !== current) return false;
    return this.set(next);
  }

  /** Drops every entry built from one of `tables`; '*' drops everything. */
  invalidate(tables: Iterable<string> | '*'): number {
    if (tables === '*') return this.flush();
    this.generation++;
    let dropped = 0;
    for (const table of tables) {
      this.tableGenerations.set(table, this.generation);
      for (const key of [...(this.byTable.get(table) ?? [])]) dropped += this.delete(key) ? 1 : 0;
    }
    return dropped;
  }

  /** True when one of `tables` (or everything) was invalidated after `generation`: an answer built from them since then may hold old rows. */
  changedSince(generation: number, tables: Iterable<string>): boolean {
    if (this.flushedAt > generation) return true;
    for (const table of tables) if ((this.tableGenerations.get(table) ?? 0) > generation) return true;
    return false;
  }

  flush(): number {
    this.generation++;
    this.flushedAt = this.generation;
    const count = this.size;
    this.main.clear();
    this.shortLived.clear();
    this.byTable.clear();
    this.mainBytes = 0;
    this.shortBytes = 0;
    return count;
  }

  private evictOldest(map: Map<string, CachedEntry>): void {
    const oldest = map.keys().next();
    if (oldest.done) return;
    this.delete(oldest.value);
  }

  private delete(key: string): boolean {
    const entry = this.main.get(key) ?? this.shortLived.get(key);
    if (!entry) return false;
    if (entry.short) {
      this.shortLived.delete(key);
      this.shortBytes -= entry.bytes;
    } else {
      this.main.delete(key);
      this.mainBytes -= entry.bytes;
    }
    for (const table of entry.tables) {
      const keys = this.byTable.get(table);
      keys?.delete(key);
      if (keys?.size === 0) this.byTable.delete(table);
    }
    return true;
  }
}
