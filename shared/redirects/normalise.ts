import { reservedPrefixOf } from './reserved-paths';

/**
 * Redirect paths as the lookup compares them (Wagtail's Redirect.normalise_path, with this site's
 * rules): host-less, percent-escapes decoded once, lower-case, '//' collapsed, '.' and '..'
 * segments resolved (as a browser resolves them), no fragment, a trailing slash unless the last
 * segment names a file ('/menu.pdf', '/old.html'), and the query string's parameters sorted so
 * '?b=2&a=1' and '?a=1&b=2' are the same. A backslash (also written %5C) or a control character
 * is refused. The form, the import, the loop and chain checks and the public lookup all go through
 * here, so they agree on what one path is (docs/security.md, "Redirects").
 *
 * Decoding everything (rather than only RFC 3986's unreserved characters) is what the page router
 * does too (server/http/site.ts), so a redirect answers every spelling of the path a page would.
 * The caller passes the path as written or as requested (still percent-encoded): decoding twice
 * would make '/%2577agtail/' the same as '/wagtail/'.
 */
export const MAX_OLD_PATH_LENGTH = 255;

export type NormalisedPath = {
  path: string;
  query: string;
  /** The path as written held '.' or '..' segments (resolved in `path`). */
  dotSegments?: boolean;
};

const FILE_SEGMENT = /\.[a-z0-9]{1,8}$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const BACKSLASH = 'The path must not contain a backslash (\\), written or as %5C.';

export function normalisePath(raw: string): NormalisedPath | { error: string } {
  let text = raw.trim();
  if (text === '') return { error: 'Enter the old path.' };
  if (CONTROL.test(text)) return { error: 'The path contains control characters.' };
  // Before the URL parser, which would read '\' as '/'.
  if (text.includes('\\')) return { error: BACKSLASH };
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) {
    if (!/^https?:\/\//i.test(text))
      return { error: 'Enter a path such as /old-page/ or a web address (http or https).' };
    try {
      const url = new URL(text);
      text = url.pathname + url.search;
    } catch {
      return { error: 'Enter a valid web address or a path such as /old-page/.' };
    }
  } else if (text.startsWith('//')) {
    return { error: 'Enter a path such as /old-page/, without a host.' };
  }
  const hash = text.indexOf('#');
  if (hash >= 0) text = text.slice(0, hash);
  const mark = text.indexOf('?');
  const rawPath = mark >= 0 ? text.slice(0, mark) : text;
  const rawQuery = mark >= 0 ? text.slice(mark + 1) : '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath.replace(/\+/g, '%2B'));
  } catch {
    return { error: 'The path has a broken %-escape.' };
  }
  if (CONTROL.test(decoded)) return { error: 'The path contains control characters.' };
  if (decoded.includes('\\')) return { error: BACKSLASH };
  const segments: string[] = [];
  let dotSegments = false;
  for (const segment of decoded.toLowerCase().split('/')) {
    if (segment === '') continue;
    if (segment === '.' || segment === '..') {
      dotSegments = true;
      // '..' above the root stays at the root, as in a browser.
      if (segment === '..') segments.pop();
      continue;
    }
    segments.push(segment);
  }
  const last = segments.at(-1) ?? '';
  const path = segments.length === 0 ? '/' : `/${segments.join('/')}${FILE_SEGMENT.test(last) ? '' : '/'}`;
  const params = [...new URLSearchParams(rawQuery)].filter(([key]) => key !== '');
  params.sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  const query = new URLSearchParams(params).toString();
  return dotSegments ? { path, query, dotSegments } : { path, query };
}

/**
 * An old path as staff write it (the form and the import): normalised, and refused when it holds
 * '.' or '..' segments (no browser asks for one: it is a typing mistake), is too long, or lies
 * under a path the application itself serves (the back office, the APIs, static files...).
 */
export function checkOldPath(raw: string): NormalisedPath | { error: string } {
  const normalised = normalisePath(raw);
  if ('error' in normalised) return normalised;
  if (normalised.dotSegments) return { error: "The path must not contain '.' or '..' segments." };
  if (normalised.path.length + normalised.query.length > MAX_OLD_PATH_LENGTH)
    return { error: `The path is too long (at most ${MAX_OLD_PATH_LENGTH} characters).` };
  const reserved = reservedPrefixOf(normalised.path);
  if (reserved !== undefined)
    return { error: `Paths under ${reserved} belong to the application itself and cannot be redirected.` };
  return normalised;
}

/** What is stored and looked up: the path, plus the sorted query string when the redirect matches it. */
export function redirectKey(normalised: NormalisedPath, matchQueryString: boolean): string {
  return matchQueryString && normalised.query ? `${normalised.path}?${normalised.query}` : normalised.path;
}

/** The keys a request can match, most specific first: with its query string, then the path alone. */
export function lookupKeys(normalised: NormalisedPath): string[] {
  return normalised.query ? [`${normalised.path}?${normalised.query}`, normalised.path] : [normalised.path];
}
