import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../logger';
import { brotliAfterFirstHit } from './brotli-after-first-hit';
import { decodedPath, hostKey, queryKey } from './cache-key';
import { captureBody } from './capture-body';
import { collectReads } from './dependencies';
import type { HoleValues } from './holes';
import type { PageCache } from './page-cache';
import { cookieFacts, GLOBAL_TABLES, isPrivatePath, MAX_QUERY_LENGTH, plainHeaders, type CookieFacts } from './rules';
import { sendEntry } from './serve-hit';
import type { StaticAssets } from './static-assets';
import { startCacheReport } from './stats-report';
import { completeMiss, type MissContext } from './store-miss';

export { addSurrogateKeys, cacheQuery, ENTRY_TTL_MS, noPageCache, SHORT_TTL_MS } from './rules';
export { queryKey } from './cache-key';
export { PageCache } from './page-cache';

export type PickerFill = (rlid: number, languageCode: string) => Promise<Partial<HoleValues> | null>;

export type FastPathOptions = {
  cache: PageCache;
  trustProxy: number;
  logger: Logger;
  staticAssets?: StaticAssets;
  /** The picker's per-visitor holes for a saved location (server/ssr/picker-hole.ts). */
  pickerFill?: PickerFill;
  /** Checks that the request's Host is the host of the site that answered (server/http/site.ts). */
  hostMatchesSite: (req: IncomingMessage, res: ServerResponse) => boolean | undefined;
  /** How often the cache's counters (and the process's memory) are logged; 60 s unless set. */
  reportEveryMs?: number;
  /** The read memo's estimated bytes, for the report line. */
  memoBytes?: () => number;
};

const NO_FILLS: Partial<HoleValues> = Object.freeze({});

/**
 * The fast path: a node:http handler that runs before Express. Build assets are answered from
 * memory; a stored page is answered with its holes filled (no middleware, no session, no log
 * line of its own: the counters are logged once a minute); anything else goes to Express
 * (`next`), with its answer captured to be compressed and, when the rules allow, stored.
 */
export function createFastPath(options: FastPathOptions) {
  const { cache, logger } = options;
  startCacheReport(cache, logger, options.reportEveryMs, options.memoBytes);

  const pickerFills = async (facts: CookieFacts, languageCode: string): Promise<Partial<HoleValues>> => {
    if (facts.rlid === null || !options.pickerFill) return NO_FILLS;
    try {
      return (await options.pickerFill(facts.rlid, languageCode)) ?? NO_FILLS;
    } catch (error) {
      logger.error({ err: error, rlid: facts.rlid }, 'filling the picker from the li cookie failed');
      return NO_FILLS;
    }
  };
  const context: MissContext = {
    cache,
    queryNames: new Map(),
    knownHosts: new Set(),
    hostMatchesSite: options.hostMatchesSite,
    pickerFills,
  };

  return function fastPath(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    if (options.staticAssets?.handle(req, res)) return;
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const rawPath = queryAt < 0 ? url : url.slice(0, queryAt);
    const query = queryAt < 0 ? '' : url.slice(queryAt + 1);
    const facts = cookieFacts(req.headers.cookie);
    const host = hostKey(req, options.trustProxy);
    const path = decodedPath(rawPath);
    const candidate =
      cache.maxBytes > 0 &&
      facts.onlyPicker &&
      host !== null &&
      path !== null &&
      query.length <= MAX_QUERY_LENGTH &&
      plainHeaders(req) &&
      !isPrivatePath(path);
    let key: string | null = null;
    if (candidate) {
      const base = `${host}|${path}`;
      if (!query) key = base;
      else {
        const names = context.queryNames.get(base);
        const normal = names ? queryKey(query, names) : null;
        if (normal !== null) key = `${base}?${normal}`;
      }
    }
    if (key) {
      const entry = cache.get(key);
      if (entry) {
        cache.hits++;
        brotliAfterFirstHit(cache, entry);
        if (facts.rlid === null || !entry.picker) return sendEntry(req, res, entry, NO_FILLS, 'HIT');
        void pickerFills(facts, entry.languageCode)
          .then((fills) => sendEntry(req, res, entry, fills, 'HIT'))
          .catch((error: unknown) => {
            logger.error({ err: error, url }, 'page cache: sending a hit failed');
            if (!res.headersSent) next();
          });
        return;
      }
      cache.misses++;
    }

    // A miss. The render of a storable answer must not depend on the visitor: the 'li' cookie is
    // taken away (the picker's holes put the visitor's location back per answer).
    const strippedPicker = key !== null && facts.rlid !== null;
    if (key !== null) delete req.headers.cookie;
    const tables = new Set<string>(GLOBAL_TABLES);
    const miss = { req, res, candidate, host, path, query, facts, strippedPicker, started: cache.generation, tables };
    if (req.method === 'GET') {
      captureBody(res, (body) =>
        completeMiss(context, miss, body).catch((error: unknown) => {
          logger.error({ err: error, url }, 'page cache: sending a captured answer failed');
          if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
          if (!res.writableEnded) res.end();
        }),
      );
    }
    collectReads(tables, next);
  };
}
