/** If-None-Match is read this far; a longer one is compared by its first tags only. */
const MAX_IF_NONE_MATCH = 1024;

/** Weak comparison (RFC 9110 13.1.2): `W/"x"` matches `"x"`; `*` matches any current answer. */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const text = (Array.isArray(header) ? header.join(',') : header).slice(0, MAX_IF_NONE_MATCH);
  if (text.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  for (const part of text.split(',')) if (part.trim().replace(/^W\//, '') === bare) return true;
  return false;
}
