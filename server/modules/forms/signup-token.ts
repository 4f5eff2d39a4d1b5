import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of a signup's confirmation link: the request's id and an HMAC, under a key derived
 * from the app's secret, of the id and the address. Nothing secret is stored: the mail job
 * computes the link, and a changed id no longer matches. The expiry and single use are the
 * request row's (expires_at, confirmed_at, server-side), checked against the database's clock.
 */
export type SignedRequest = { id: number; email: string };

const keyOf = (secret: string) => createHmac('sha256', secret).update('signup-confirmation').digest();

const mac = (secret: string, request: SignedRequest) =>
  createHmac('sha256', keyOf(secret)).update(`${request.id}:${request.email}`).digest('base64url');

export function signSignupToken(secret: string, request: SignedRequest): string {
  return `${request.id}.${mac(secret, request)}`;
}

/** The id a well-formed token names (its signature is checked against the row, by `tokenMatches`). */
export function signupTokenId(token: unknown): number | null {
  if (typeof token !== 'string' || token.length > 100) return null;
  const match = /^([1-9]\d{0,9})\.[A-Za-z0-9_-]{43}$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  return id <= 2_147_483_647 ? id : null;
}

export function signupTokenMatches(secret: string, token: string, request: SignedRequest): boolean {
  const expected = Buffer.from(signSignupToken(secret, request));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A keyed hash of a client address for the consent evidence: the same address hashes the same, unreadable. */
export function hashClientAddress(secret: string, ip: string): string {
  const key = createHmac('sha256', secret).update('consent-evidence-ip').digest();
  return createHmac('sha256', key).update(ip).digest('hex');
}
