import type { Logger } from '../logger';
import type { PageCache } from './page-cache';

const DEFAULT_EVERY_MS = 60_000;
const MB = 1024 * 1024;

/**
 * The cache's only log line: hits and misses since the last one, entries and counted bytes (and
 * the read memo's estimated bytes, which share the bound), and
 * the process's memory (so a bound that does not hold shows up in the logs). A hit logs nothing
 * of its own. Under `node --expose-gc` (the memory bench) garbage is collected first, so the
 * figures are live data rather than whatever the collector has not reached yet.
 */
export function startCacheReport(
  cache: PageCache,
  logger: Logger,
  everyMs = DEFAULT_EVERY_MS,
  memoBytes: () => number = () => 0,
): void {
  const timer = setInterval(() => {
    if (cache.hits + cache.misses === 0) return;
    const collect = (globalThis as { gc?: () => void }).gc;
    if (collect) collect();
    const memory = process.memoryUsage();
    logger.info(
      {
        hits: cache.hits,
        misses: cache.misses,
        entries: cache.size,
        bytes: cache.bytes,
        memoBytes: memoBytes(),
        rssMb: Math.round(memory.rss / MB),
        heapUsedMb: Math.round(memory.heapUsed / MB),
        externalMb: Math.round(memory.external / MB),
        arrayBuffersMb: Math.round(memory.arrayBuffers / MB),
      },
      'page cache',
    );
    cache.hits = 0;
    cache.misses = 0;
  }, everyMs);
  timer.unref();
}
