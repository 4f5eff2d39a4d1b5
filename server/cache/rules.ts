import type { IncomingMessage } from 'node:http';

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
const PRIVATE_PATH =
  /^(?:\/wagtail|\/_util|\/api-nc|\/static\/|\/api\/ht|\/api\/location\/flush|\/admin|\/account|\/preview)/;

export function isPrivatePath(path: string): boolean {
  return PRIVATE_PATH.test(path);
}

/** A fresh page is stored this long (time-dependent parts such as "open now" are never older than a minute, CDN included). */
export const ENTRY_TTL_MS = 40_000;
/** 404s and redirects, briefly. */
export const SHORT_TTL_MS = 10_000;
/** What a CDN may keep: with Age counted, at most a minute in all. */
export const CDN_CACHE_CONTROL = 'public, max-age=0, s-maxage=40, stale-while-revalidate=20';
export const CDN_CACHE_CONTROL_SHORT = 'public, max-age=0, s-maxage=10, stale-while-revalidate=10';

/** Answers are buffered (to compress or store) up to this size; larger ones stream as they are. */
export const MAX_BUFFER_BYTES = 4 * 1024 * 1024;
export const MAX_QUERY_LENGTH = 1024;
const MAX_COOKIE_LENGTH = 4096;

/** Every answer depends on these: the site list and settings live in in-process copies. */
export const GLOBAL_TABLES = ['sites', 'locales', 'site_settings'];

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

/** What a route told the cache through res.locals (and what the render used). */
export type Locals = {
  pageCache?: boolean;
  pageCacheQuery?: string[];
  pageCachePicker?: boolean;
  cspNonce?: string;
  surrogateKeys?: string[];
  requestSite?: { site: { id: number } };
};

/** The request's cookies as the cache sees them: only the picker's 'li' (and which location it names), or something else. */
export type CookieFacts = { onlyPicker: boolean; rlid: number | null };

const NO_COOKIE: CookieFacts = Object.freeze({ onlyPicker: true, rlid: null });
const OTHER_COOKIE: CookieFacts = Object.freeze({ onlyPicker: false, rlid: null });

export function cookieFacts(header: string | undefined): CookieFacts {
  if (!header) return NO_COOKIE;
  if (header.length > MAX_COOKIE_LENGTH) return OTHER_COOKIE;
  let rlid: number | null = null;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    const name = (at < 0 ? pair : pair.slice(0, at)).trim();
    if (name === '') continue;
    if (name !== 'li') return OTHER_COOKIE;
    const value = pair.slice(at + 1).trim();
    rlid = /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
  }
  return { onlyPicker: true, rlid };
}

/**
 * The request facts a cached answer depends on, in printable ASCII only. Anything else (a control
 * character in a cookie, a non-ASCII Host or forwarded address) goes to Express, whose request
 * guards answer 400: the cache never answers what the app would refuse.
 */
const GUARDED_HEADERS = ['host', 'cookie', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'] as const;
const PRINTABLE = /^[\x20-\x7e]*$/;

export function plainHeaders(req: IncomingMessage): boolean {
  for (const name of GUARDED_HEADERS) {
    const value = req.headers[name];
    if (value !== undefined && (typeof value !== 'string' || !PRINTABLE.test(value))) return false;
  }
  return true;
}

/** The answer itself may be stored: status, cookies, Cache-Control and Vary allow it. */
export function storableAnswer(status: number, setsCookie: boolean, cacheControl: string, vary: string): boolean {
  if (
    (status !== 200 && status !== 404 && status !== 301) ||
    setsCookie ||
    /private|no-store|no-cache/.test(cacheControl)
  )
    return false;
  return vary
    .toLowerCase()
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .every((v) => v === 'accept-encoding' || v === 'cookie');
}
