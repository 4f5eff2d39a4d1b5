import { buildBrotliTail } from './brotli-tail';
import { withBrotliTail, type CachedEntry } from './cache-entry';
import type { PageCache } from './page-cache';

// Apart from brotli-tail.ts, which serve-hit.ts (under page-cache.ts) uses to answer: this part
// needs the cache itself.

const started = new WeakSet<CachedEntry>();

/**
 * On an entry's first hit: its brotli answer is made on the thread pool and put in place (while
 * the entry is still the stored one); this answer and any until then are gzip. Not on the miss,
 * so a page asked for once (a crawler walking every location) never pays for it.
 */
export function brotliAfterFirstHit(cache: PageCache, entry: CachedEntry): void {
  if (entry.brTail || !entry.gzipTemplate || started.has(entry)) return;
  started.add(entry);
  buildBrotliTail(entry.body, entry.nonceAt, (tail) => {
    if (tail) cache.replace(entry, withBrotliTail(entry, tail));
  });
}
