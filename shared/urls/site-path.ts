/**
 * Whether a string is a path on this site that no browser would take elsewhere: the one rule
 * behind every `next` / `return_url` redirect and every link field that claims to be a site path.
 *
 * Browsers read '\' as '/', drop tabs and newlines, and resolve '.' and '..' segments (also
 * written '%2e'), so '/\host', '/\t/host', '/.//host' and '/%2e//host' all become '//host',
 * which is another site. The rule therefore looks at the path as written, after decoding
 * (repeatedly, for double encoding) and after normalising, and refuses it when any of those
 * starts with two slashes, holds a backslash or a control character, or leaves the origin.
 * It runs in the browser too (no Node APIs).
 */
export const MAX_SITE_PATH_LENGTH = 2000;

const BASE = 'http://site.invalid';
// eslint-disable-next-line no-control-regex
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f-\u009f\\]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isSafeSitePath(candidate: unknown): candidate is string {
  return normaliseSitePath(candidate) !== null;
}

/** The path with dot segments resolved (what a browser would request), or null when it is not a safe site path. */
export function normaliseSitePath(candidate: unknown): string | null {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > MAX_SITE_PATH_LENGTH) return null;
  if (!candidate.startsWith('/') || CONTROL_OR_BACKSLASH.test(candidate) || LONE_SURROGATE.test(candidate)) return null;
  const pathPart = candidate.split(/[?#]/, 1)[0]!;
  // Each decoding of the path must itself be a plain site path: '%2F%2Fhost', '%5Chost', '%252e'.
  let decoded = pathPart;
  for (let round = 0; ; round++) {
    if (unsafeShape(decoded) || unsafeShape(resolveDots(decoded))) return null;
    if (!decoded.includes('%') || round === 3) break;
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return null;
    }
    if (next === decoded) break;
    decoded = next;
  }
  let url: URL;
  try {
    url = new URL(candidate, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || unsafeShape(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}

function unsafeShape(path: string): boolean {
  return !path.startsWith('/') || path.startsWith('//') || CONTROL_OR_BACKSLASH.test(path) || LONE_SURROGATE.test(path);
}

/** Removes '.' and '..' segments (also '%2e' forms) the way a URL parser does, without decoding anything else. */
function resolveDots(path: string): string {
  const out: string[] = [];
  const segments = path.split('/').slice(1);
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    const lower = segment.toLowerCase();
    if (lower === '.' || lower === '%2e') {
      if (last) out.push('');
    } else if (lower === '..' || lower === '.%2e' || lower === '%2e.' || lower === '%2e%2e') {
      out.pop();
      if (last) out.push('');
    } else {
      out.push(segment);
    }
  });
  return `/${out.join('/')}`;
}
