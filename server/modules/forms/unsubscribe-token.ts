import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed token of a one-click unsubscribe link (RFC 8058): the address and an HMAC of it
 * under a key derived from the session secret. Only the holder of a mail we sent has it, so a
 * POST with a valid token unsubscribes without a page or a CSRF token.
 */
const keyOf = (secret: string) => createHmac('sha256', secret).update('one-click-unsubscribe').digest();

const mac = (secret: string, email: string) => createHmac('sha256', keyOf(secret)).update(email).digest('base64url');

export function signUnsubscribeToken(secret: string, email: string): string {
  return `${Buffer.from(email, 'utf8').toString('base64url')}.${mac(secret, email)}`;
}

/** The address a token was made for, or null for anything forged, altered or malformed. */
export function verifyUnsubscribeToken(secret: string, token: unknown): string | null {
  if (typeof token !== 'string' || token.length > 600) return null;
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const email = Buffer.from(match[1]!, 'base64url').toString('utf8');
  const expected = Buffer.from(mac(secret, email));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? email : null;
}
