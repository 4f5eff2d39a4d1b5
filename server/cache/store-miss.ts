import type { IncomingMessage, ServerResponse } from 'node:http';
import { buildEntry, storedHeaders } from './cache-entry';
import { queryKey } from './cache-key';
import {
  compressDynamic,
  isCompressibleType,
  MIN_COMPRESS_BYTES,
  negotiateEncoding,
  varyWithEncoding,
} from './encoding';
import type { HoleValues } from './holes';
import type { PageCache } from './page-cache';
import { languageOf, withPickerFilled } from './picker-holes';
import {
  CDN_CACHE_CONTROL,
  CDN_CACHE_CONTROL_SHORT,
  ENTRY_TTL_MS,
  SHORT_TTL_MS,
  storableAnswer,
  type CookieFacts,
  type Locals,
} from './rules';
import { sendEntry } from './serve-hit';

/** What the fast path knows of a missed request when its answer is complete. */
export type Miss = {
  req: IncomingMessage;
  res: ServerResponse;
  /** The request may be stored (method, cookies, path, host and query length allow it). */
  candidate: boolean;
  host: string | null;
  path: string | null;
  query: string;
  facts: CookieFacts;
  /** The 'li' cookie was taken away before the render (the picker's holes put it back). */
  strippedPicker: boolean;
  /** The cache's generation when the render began, and the tables it read. */
  started: number;
  tables: Set<string>;
};

export type MissContext = {
  cache: PageCache;
  /** The parameter names each cacheable path reads (learned from its routes' cacheQuery). */
  queryNames: Map<string, string[]>;
  /** Host keys seen to name a configured site: JSON APIs (which resolve no site) are stored only for these. */
  knownHosts: Set<string>;
  hostMatchesSite: (req: IncomingMessage, res: ServerResponse) => boolean | undefined;
  /** The visitor's own picker values, or {} (no 'li' cookie, no filler, or it failed). */
  pickerFills: (facts: CookieFacts, languageCode: string) => Promise<Partial<HoleValues>>;
};

const MAX_QUERY_PATHS = 10_000;
const MAX_KNOWN_HOSTS = 64;

/**
 * A missed request's answer, complete: stored when every rule allows (then sent as the stored
 * entry is), else sent as it is, compressed when worth it.
 */
export async function completeMiss(context: MissContext, miss: Miss, body: Buffer): Promise<void> {
  const { cache } = context;
  const { req, res, query, facts } = miss;
  const locals = ((res as unknown as { locals?: Locals }).locals ?? {}) as Locals;
  const status = res.statusCode;
  const cacheControl = String(res.getHeader('cache-control') ?? '').toLowerCase();
  const storable =
    miss.candidate &&
    req.method === 'GET' &&
    locals.pageCache !== false &&
    storableAnswer(status, res.hasHeader('set-cookie'), cacheControl, String(res.getHeader('vary') ?? '')) &&
    (query === '' || locals.pageCacheQuery !== undefined) &&
    // A render that saw the visitor's 'li' cookie holds their location: never stored.
    (facts.rlid === null || miss.strippedPicker) &&
    !cache.changedSince(miss.started, miss.tables) &&
    body.length <= cache.maxEntryBytes;
  const host = miss.host!;
  let siteMatches = false;
  if (storable) {
    if (locals.requestSite) {
      siteMatches = context.hostMatchesSite(req, res) === true;
      if (siteMatches && context.knownHosts.size < MAX_KNOWN_HOSTS) context.knownHosts.add(host);
    } else siteMatches = context.knownHosts.has(host);
  }
  const personal = async (): Promise<Buffer> =>
    miss.strippedPicker && locals.pageCachePicker === true
      ? withPickerFilled(body, await context.pickerFills(facts, languageOf(body)))
      : body;
  if (!storable || !siteMatches) return finishUnstored(req, res, await personal(), cacheControl);

  const base = `${host}|${miss.path}`;
  let storeKey = base;
  if (query !== '') {
    const names = locals.pageCacheQuery!;
    const normal = queryKey(query, names);
    if (normal === null) return finishUnstored(req, res, await personal(), cacheControl);
    if (context.queryNames.size > MAX_QUERY_PATHS) context.queryNames.clear();
    context.queryNames.set(base, names);
    storeKey = `${base}?${normal}`;
  }
  const short = status !== 200;
  // Answers keyed by query values (endless in number) share the small part with 404s.
  const ownPart = short || query !== '';
  const siteId = locals.requestSite?.site.id;
  const keys = [
    ...(siteId !== undefined ? [`site-${siteId}`] : []),
    ...(locals.surrogateKeys ?? []),
    ...[...miss.tables].map((t) => `t-${t}`),
  ]
    .slice(0, 64)
    .join(' ');
  const extra: Record<string, string> = { 'surrogate-key': keys, 'cache-tag': keys.split(' ').join(',') };
  if (!cacheControl) extra['cache-control'] = short ? CDN_CACHE_CONTROL_SHORT : CDN_CACHE_CONTROL;
  const entry = buildEntry({
    key: storeKey,
    status,
    headers: storedHeaders(res, locals.cspNonce, extra),
    body,
    nonce: locals.cspNonce,
    picker: locals.pageCachePicker === true,
    tables: miss.tables,
    ttlMs: short ? SHORT_TTL_MS : ENTRY_TTL_MS,
    short: ownPart,
    now: Date.now(),
  });
  cache.set(entry);
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  sendEntry(req, res, entry, entry.picker ? await context.pickerFills(facts, entry.languageCode) : {}, 'MISS');
}

/**
 * Not stored: compressed on the fly when worth it. Answers marked private may carry secrets
 * (CSRF tokens) next to reflected input, so they are not compressed (BREACH).
 */
function finishUnstored(req: IncomingMessage, res: ServerResponse, body: Buffer, cacheControl: string): void {
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  if (
    encoding !== 'identity' &&
    body.length >= MIN_COMPRESS_BYTES &&
    req.method === 'GET' &&
    !/private|no-store/.test(cacheControl)
  ) {
    const compressed = compressDynamic(body, encoding);
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Vary', varyWithEncoding(res.getHeader('vary')));
    res.setHeader('Content-Length', compressed.length);
    res.end(compressed);
    return;
  }
  if (isCompressibleType(res.getHeader('content-type')) && body.length >= MIN_COMPRESS_BYTES)
    res.setHeader('Vary', varyWithEncoding(res.getHeader('vary')));
  if (!res.hasHeader('content-length') || req.method === 'GET') res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}
