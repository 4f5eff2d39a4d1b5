import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../logger';
import { collectReads } from './dependencies';
import { compressDynamic, isCompressibleType, MIN_COMPRESS_BYTES, negotiateEncoding, varyWithEncoding } from './encoding';
import { buildEntry, PageCache, sendEntry, storedHeaders, type CachedEntry, type HoleValues } from './page-cache';
import { languageOf, withPickerFilled } from './picker-holes';
import type { StaticAssets } from './static-assets';

/**
 * The page cache's rules, in one place ("safe by rule": routes need not know the cache exists).
 * An answer is stored only when ALL of these hold:
 * - the request is a GET with no cookie but the picker's 'li' (no session, no CSRF, no preview);
 * - its path is not the back office or another private area (PRIVATE_PREFIXES);
 * - it has no query string, or its route named the parameters it reads (cacheQuery(res, [...]));
 * - its Host names a configured site exactly (so odd Host headers cannot make entries);
 * - it answered 200, 404 or 301, set no cookie, and its Cache-Control is not private, no-store
 *   or no-cache; it varies on nothing but Accept-Encoding and Cookie;
 * - its route did not call noPageCache(res);
 * - no write happened while it was being built, and it is below the size limit.
 */
const PRIVATE_PREFIXES = ['/wagtail', '/_util', '/api-nc', '/static/', '/api/ht', '/api/location/flush', '/admin', '/account', '/preview'];

/** A fresh page is stored this long (time-dependent parts such as "open now" are never older than a minute, CDN included). */
export const ENTRY_TTL_MS = 40_000;
/** 404s and redirects, briefly. */
export const SHORT_TTL_MS = 10_000;
/** What a CDN may keep: with Age counted, at most a minute in all. */
const CDN_CACHE_CONTROL = 'public, max-age=0, s-maxage=40, stale-while-revalidate=20';
const CDN_CACHE_CONTROL_SHORT = 'public, max-age=0, s-maxage=10, stale-while-revalidate=10';

/** Answers are buffered (to compress or store) up to this size; larger ones stream as they are. */
const MAX_BUFFER_BYTES = 4 * 1024 * 1024;
const MAX_QUERY_LENGTH = 1024;
const MAX_COOKIE_LENGTH = 4096;

/** A route handler's way out: this answer is never stored (set before the body is sent). */
export function noPageCache(res: { locals: Record<string, unknown> }): void {
  res.locals.pageCache = false;
}

/**
 * A route whose answer depends on query parameters names them: the answer is stored under those
 * parameters only, so other parameters (tracking tags, cache busters) neither make new entries
 * nor miss. Without it, a request with a query string is never stored.
 */
export function cacheQuery(res: { locals: Record<string, unknown> }, names: string[]): void {
  res.locals.pageCacheQuery = [...names].sort();
}

/** Marks answers built from data an in-process copy served (e.g. the site tree): a key for Surrogate-Key. */
export function addSurrogateKeys(res: { locals: Record<string, unknown> }, keys: string[]): void {
  const known = (res.locals.surrogateKeys as string[] | undefined) ?? [];
  res.locals.surrogateKeys = [...known, ...keys];
}

/** Every answer depends on these: the site list and settings live in in-process copies. */
const GLOBAL_TABLES = ['sites', 'locales', 'site_settings'];

export type PickerFill = (rlid: number, languageCode: string) => Promise<Partial<HoleValues> | null>;

export type FastPathOptions = {
  cache: PageCache;
  trustProxy: number;
  logger: Logger;
  staticAssets?: StaticAssets;
  /** The picker's per-visitor holes for a saved location (server/cache/picker-hole.ts). */
  pickerFill?: PickerFill;
  /** Checks that the request's Host is the host of the site that answered (server/http/site.ts). */
  hostMatchesSite: (req: IncomingMessage, res: ServerResponse) => boolean | undefined;
};

type Locals = {
  pageCache?: boolean;
  pageCacheQuery?: string[];
  pageCachePicker?: boolean;
  cspNonce?: string;
  surrogateKeys?: string[];
  requestSite?: { site: { id: number } };
};

type CookieFacts = { onlyPicker: boolean; rlid: number | null };

function cookieFacts(header: string | undefined): CookieFacts {
  if (!header) return { onlyPicker: true, rlid: null };
  if (header.length > MAX_COOKIE_LENGTH) return { onlyPicker: false, rlid: null };
  let rlid: number | null = null;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    const name = (at < 0 ? pair : pair.slice(0, at)).trim();
    if (name === '') continue;
    if (name !== 'li') return { onlyPicker: false, rlid: null };
    const value = pair.slice(at + 1).trim();
    rlid = /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
  }
  return { onlyPicker: true, rlid };
}

/**
 * The cache key part of a query: the route's parameters in a fixed order, or null (not cacheable)
 * when the query names anything else or repeats a name, which the route may answer differently
 * (e.g. a 400): only the route decides those.
 */
export function queryKey(query: string, names: string[]): string | null {
  const params = new URLSearchParams(query);
  const seen = new Set<string>();
  for (const name of params.keys()) {
    if (!names.includes(name) || seen.has(name)) return null;
    seen.add(name);
  }
  return names.map((name) => (params.has(name) ? `${name}=${encodeURIComponent(params.get(name)!)}` : `${name}~`)).join('&');
}

function decodedPath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * The fast path: a node:http handler that runs before Express. Build assets are answered from
 * memory; a stored page is answered with its holes filled (no middleware, no session, no log
 * line of its own); anything else goes to Express (`next`), with its answer captured to be
 * compressed and, when the rules allow, stored.
 */
export function createFastPath(options: FastPathOptions) {
  const { cache, logger } = options;
  /** The parameter names each cacheable path reads (learned from its routes' cacheQuery). */
  const queryNames = new Map<string, string[]>();
  /** Host keys seen to name a configured site: JSON APIs (which resolve no site) are stored only for these. */
  const knownHosts = new Set<string>();

  const stats = setInterval(() => {
    if (cache.hits + cache.misses === 0) return;
    logger.info({ hits: cache.hits, misses: cache.misses, entries: cache.size, bytes: cache.bytes }, 'page cache');
    cache.hits = 0;
    cache.misses = 0;
  }, 60_000);
  stats.unref();

  const hostKey = (req: IncomingMessage): string | null => {
    const host = req.headers.host ?? '';
    const key = options.trustProxy > 0 ? `${String(req.headers['x-forwarded-proto'] ?? '')}|${String(req.headers['x-forwarded-host'] ?? '')}|${host}` : host;
    return key.length > 600 ? null : key.toLowerCase();
  };

  const fillsFor = async (entry: CachedEntry, facts: CookieFacts): Promise<Partial<HoleValues>> =>
    entry.holes.includes('pickerText') ? pickerFills(facts, entry.languageCode) : {};

  const pickerFills = async (facts: CookieFacts, languageCode: string): Promise<Partial<HoleValues>> => {
    if (facts.rlid === null || !options.pickerFill) return {};
    try {
      return (await options.pickerFill(facts.rlid, languageCode)) ?? {};
    } catch (error) {
      logger.error({ err: error, rlid: facts.rlid }, 'filling the picker from the li cookie failed');
      return {};
    }
  };

  return function fastPath(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    if (options.staticAssets?.handle(req, res)) return;
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const rawPath = queryAt < 0 ? url : url.slice(0, queryAt);
    const query = queryAt < 0 ? '' : url.slice(queryAt + 1);
    const facts = cookieFacts(req.headers.cookie);
    const host = hostKey(req);
    const path = decodedPath(rawPath);
    const candidate = cache.maxBytes > 0 && facts.onlyPicker && plainHeaders(req) && host !== null && path !== null && query.length <= MAX_QUERY_LENGTH && !PRIVATE_PREFIXES.some((prefix) => path.startsWith(prefix));
    let key: string | null = null;
    if (candidate) {
      const base = `${host}|${path}`;
      if (!query) key = base;
      else {
        const names = queryNames.get(base);
        const normal = names ? queryKey(query, names) : null;
        if (normal !== null) key = `${base}?${normal}`;
      }
    }
    if (key) {
      const entry = cache.get(key);
      if (entry) {
        cache.hits++;
        if (facts.rlid === null || !entry.holes.includes('pickerText')) return sendEntry(req, res, entry, {}, 'HIT');
        void fillsFor(entry, facts)
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
    const started = cache.generation;
    const tables = new Set<string>(GLOBAL_TABLES);

    const complete = async (body: Buffer): Promise<void> => {
      const locals = ((res as unknown as { locals?: Locals }).locals ?? {}) as Locals;
      const status = res.statusCode;
      const cacheControl = String(res.getHeader('cache-control') ?? '').toLowerCase();
      const vary = String(res.getHeader('vary') ?? '')
        .toLowerCase()
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
      const storable =
        candidate &&
        req.method === 'GET' &&
        (status === 200 || status === 404 || status === 301) &&
        locals.pageCache !== false &&
        !res.hasHeader('set-cookie') &&
        !/private|no-store|no-cache/.test(cacheControl) &&
        vary.every((v) => v === 'accept-encoding' || v === 'cookie') &&
        (query === '' || locals.pageCacheQuery !== undefined) &&
        // A render that saw the visitor's 'li' cookie holds their location: never stored.
        (facts.rlid === null || strippedPicker) &&
        !cache.changedSince(started, tables) &&
        body.length <= cache.maxEntryBytes;
      let siteMatches = false;
      if (storable) {
        if (locals.requestSite) {
          siteMatches = options.hostMatchesSite(req, res) === true;
          if (siteMatches && knownHosts.size < 64) knownHosts.add(host!);
        } else siteMatches = knownHosts.has(host!);
      }
      if (storable && siteMatches) {
        const base = `${host}|${path}`;
        let storeKey = base;
        if (query !== '') {
          const names = locals.pageCacheQuery!;
          const normal = queryKey(query, names);
          if (normal === null) return finishUnstored(await personal(body, locals), cacheControl);
          if (queryNames.size > 10_000) queryNames.clear();
          queryNames.set(base, names);
          storeKey = `${base}?${normal}`;
        }
        const short = status !== 200;
        // Answers keyed by query values (endless in number) share the small part with 404s.
        const ownPart = short || query !== '';
        const siteId = locals.requestSite?.site.id;
        const keys = [...(siteId !== undefined ? [`site-${siteId}`] : []), ...(locals.surrogateKeys ?? []), ...[...tables].map((t) => `t-${t}`)].slice(0, 64).join(' ');
        const extra: Record<string, string> = { 'surrogate-key': keys, 'cache-tag': keys.split(' ').join(',') };
        if (!cacheControl) extra['cache-control'] = short ? CDN_CACHE_CONTROL_SHORT : CDN_CACHE_CONTROL;
        const entry = buildEntry({
          key: storeKey,
          status,
          headers: storedHeaders(res, locals.cspNonce, extra),
          body,
          nonce: locals.cspNonce,
          picker: locals.pageCachePicker === true,
          tables,
          ttlMs: short ? SHORT_TTL_MS : ENTRY_TTL_MS,
          short: ownPart,
          now: Date.now(),
        });
        cache.set(entry);
        for (const name of res.getHeaderNames()) res.removeHeader(name);
        sendEntry(req, res, entry, await fillsFor(entry, facts), 'MISS');
        return;
      }
      finishUnstored(await personal(body, locals), cacheControl);
    };

    /** A render made without the visitor's 'li' cookie but not stored gets their location back. */
    const personal = async (body: Buffer, locals: Locals): Promise<Buffer> =>
      strippedPicker && locals.pageCachePicker === true ? withPickerFilled(body, await pickerFills(facts, languageOf(body))) : body;

    /**
     * Not stored: compressed on the fly when worth it. Answers marked private may carry secrets
     * (CSRF tokens) next to reflected input, so they are not compressed (BREACH).
     */
    const finishUnstored = (body: Buffer, cacheControl: string): void => {
      const encoding = negotiateEncoding(req.headers['accept-encoding']);
      if (encoding !== 'identity' && body.length >= MIN_COMPRESS_BYTES && req.method === 'GET' && !/private|no-store/.test(cacheControl)) {
        const compressed = compressDynamic(body, encoding);
        res.setHeader('Content-Encoding', encoding);
        res.setHeader('Vary', varyWithEncoding(res.getHeader('vary')));
        res.setHeader('Content-Length', compressed.length);
        res.end(compressed);
        return;
      }
      if (isCompressibleType(res.getHeader('content-type')) && body.length >= MIN_COMPRESS_BYTES) res.setHeader('Vary', varyWithEncoding(res.getHeader('vary')));
      if (!res.hasHeader('content-length') || req.method === 'GET') res.setHeader('Content-Length', body.length);
      res.end(req.method === 'HEAD' ? undefined : body);
    };

    if (req.method === 'GET') {
      captureBody(res, (body) =>
        complete(body).catch((error: unknown) => {
          logger.error({ err: error, url }, 'page cache: sending a captured answer failed');
          if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
          if (!res.writableEnded) res.end();
        }),
      );
    }
    collectReads(tables, next);
  };
}

/**
 * Holds back a compressible answer's body until it ends, then hands it to `onBody` (with its
 * headers still settable). Other answers (binary, already encoded, streaming events, 204/304,
 * or growing past MAX_BUFFER_BYTES) pass through untouched.
 */
/**
 * The request facts a cached answer depends on, in printable ASCII only. Anything else (a control
 * character in a cookie, a non-ASCII Host or forwarded address) goes to Express, whose request
 * guards answer 400: the cache never answers what the app would refuse.
 */
const GUARDED_HEADERS = ['host', 'cookie', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'] as const;
function plainHeaders(req: IncomingMessage): boolean {
  return GUARDED_HEADERS.every((name) => {
    const value = req.headers[name];
    return value === undefined || (typeof value === 'string' && /^[\x20-\x7e]*$/.test(value));
  });
}

function captureBody(res: ServerResponse, onBody: (body: Buffer) => void): void {
  const original = { write: res.write, end: res.end, writeHead: res.writeHead };
  const chunks: Buffer[] = [];
  let size = 0;
  let mode: 'undecided' | 'buffer' | 'pass' = 'undecided';
  const restore = () => {
    res.write = original.write;
    res.end = original.end;
    res.writeHead = original.writeHead;
  };
  const decide = () => {
    if (mode !== 'undecided') return;
    const status = res.statusCode;
    const wanted = status !== 204 && status !== 206 && status !== 304 && !res.hasHeader('content-encoding') && isCompressibleType(res.getHeader('content-type')) && Number(res.getHeader('content-length') ?? 0) <= MAX_BUFFER_BYTES;
    mode = wanted ? 'buffer' : 'pass';
    if (mode === 'pass') restore();
  };
  const toBuffer = (chunk: unknown, encoding: unknown): Buffer | null => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return null;
    if (Buffer.isBuffer(chunk)) return chunk;
    if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    return Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  };
  const spill = () => {
    // Too big to hold: what is held goes out now and the rest streams.
    mode = 'pass';
    restore();
    for (const chunk of chunks) res.write(chunk);
    chunks.length = 0;
  };

  res.writeHead = function writeHead(this: ServerResponse, status: number, ...rest: unknown[]) {
    if (mode === 'undecided') {
      res.statusCode = status;
      const headers = rest.find((arg) => arg !== null && typeof arg === 'object');
      if (Array.isArray(headers)) {
        mode = 'pass';
        restore();
        return original.writeHead.apply(this, [status, ...rest] as never);
      }
      if (headers) for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value as string);
      decide();
      if ((mode as string) === 'pass') return original.writeHead.call(this, status);
      return this;
    }
    if (mode === 'buffer') {
      // A late writeHead (express-session's end calls _implicitHeader after the body was written):
      // the body is still held, so the headers must wait for it too.
      res.statusCode = status;
      const headers = rest.find((arg) => arg !== null && typeof arg === 'object');
      if (headers && !Array.isArray(headers)) for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value as string);
      return this;
    }
    return original.writeHead.apply(this, [status, ...rest] as never);
  } as ServerResponse['writeHead'];

  res.write = function write(this: ServerResponse, chunk: unknown, encoding?: unknown, callback?: unknown) {
    decide();
    if (mode === 'pass') return original.write.apply(this, [chunk, encoding, callback] as never);
    const buffer = toBuffer(chunk, encoding);
    if (buffer) {
      chunks.push(Buffer.from(buffer));
      size += buffer.length;
    }
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') process.nextTick(done as () => void);
    if (size > MAX_BUFFER_BYTES) spill();
    return true;
  } as ServerResponse['write'];

  res.end = function end(this: ServerResponse, chunk?: unknown, encoding?: unknown, callback?: unknown) {
    decide();
    if (mode === 'pass') return original.end.apply(this, [chunk, encoding, callback] as never);
    const buffer = toBuffer(chunk, encoding);
    if (buffer) {
      chunks.push(buffer);
      size += buffer.length;
    }
    restore();
    const done = [chunk, encoding, callback].find((arg) => typeof arg === 'function');
    if (typeof done === 'function') res.once('finish', done as () => void);
    onBody(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    return this;
  } as ServerResponse['end'];
}

export { PageCache };
