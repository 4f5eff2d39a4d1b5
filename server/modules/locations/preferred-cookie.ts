import { PREFERRED_COOKIE } from '../../../shared/locations/preferred-keys';

/**
 * The rlid the browser mirrored into the 'li' cookie (spec section 9), read from a raw Cookie
 * header: public page renders run without a cookie parser (no sessions there on purpose), and
 * this is the only cookie they need. Anything but a plain positive id counts as no cookie.
 */
export function preferredRlidFromCookieHeader(header: string | undefined): number | null {
  if (!header) return null;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== PREFERRED_COOKIE) continue;
    const value = pair.slice(separator + 1).trim();
    // Same bounds as the getlocation API's rlid parameter.
    return /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
  }
  return null;
}
