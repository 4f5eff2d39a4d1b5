import { recordPageCacheDependency } from '../../cache/dependencies';

/**
 * A small in-process cache for location data that is read on every directory render and changes
 * only on import (the state directory per country). Entries are promises, so concurrent misses
 * share one query; a failed load is forgotten. `clear()` runs on every dyno when a flush is
 * announced over the database (see flush.ts), so a stale entry lives until the next flush.
 */
export class LocationCache {
  private readonly entries = new Map<string, Promise<unknown>>();

  remember<T>(key: string, load: () => Promise<T>): Promise<T> {
    // An answer built from this copy depends on location data (the page cache's record).
    recordPageCacheDependency('locations');
    const cached = this.entries.get(key) as Promise<T> | undefined;
    if (cached) return cached;
    const loading = load();
    this.entries.set(key, loading);
    loading.catch(() => this.entries.delete(key));
    return loading;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
