export const ADMIN_HOME = '/wagtail/';

/**
 * The `next` target after login, only when it is a path on this site: a leading single slash,
 * no scheme-relative '//' or '/\' (browsers treat '\' as '/'), no control characters.
 */
export function safeNextPath(candidate: unknown, fallback = ADMIN_HOME): string {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 2000) return fallback;
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return fallback;
  const base = 'http://local.invalid';
  try {
    const url = new URL(candidate, base);
    if (url.origin !== base) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
