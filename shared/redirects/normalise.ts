/**
 * Redirect paths as the lookup compares them (Wagtail's Redirect.normalise_path, with this site's
 * trailing-slash rule): host-less, lower-case, '//' collapsed, no fragment, a trailing slash unless
 * the last segment names a file ('/menu.pdf', '/old.html'), and the query string's parameters
 * sorted so '?b=2&a=1' and '?a=1&b=2' are the same. Used by the form, the import and the public
 * 404 path, so all three agree.
 */
export const MAX_OLD_PATH_LENGTH = 255;

export type NormalisedPath = { path: string; query: string };

const FILE_SEGMENT = /\.[a-z0-9]{1,8}$/;

export function normalisePath(raw: string): NormalisedPath | { error: string } {
  let text = raw.trim();
  if (text === '') return { error: 'Enter the old path.' };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(text)) return { error: 'The path contains control characters.' };
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
  const segments = decoded
    .toLowerCase()
    .split('/')
    .filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '.' || segment === '..'))
    return { error: "The path must not contain '.' or '..' segments." };
  const last = segments.at(-1) ?? '';
  const path = segments.length === 0 ? '/' : `/${segments.join('/')}${FILE_SEGMENT.test(last) ? '' : '/'}`;
  const params = [...new URLSearchParams(rawQuery)].filter(([key]) => key !== '');
  params.sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  const query = new URLSearchParams(params).toString();
  if (path.length + query.length > MAX_OLD_PATH_LENGTH)
    return { error: `The path is too long (at most ${MAX_OLD_PATH_LENGTH} characters).` };
  return { path, query };
}

/** What is stored and looked up: the path, plus the sorted query string when the redirect matches it. */
export function redirectKey(normalised: NormalisedPath, matchQueryString: boolean): string {
  return matchQueryString && normalised.query ? `${normalised.path}?${normalised.query}` : normalised.path;
}

/** The keys a request can match, most specific first: with its query string, then the path alone. */
export function lookupKeys(normalised: NormalisedPath): string[] {
  return normalised.query ? [`${normalised.path}?${normalised.query}`, normalised.path] : [normalised.path];
}
