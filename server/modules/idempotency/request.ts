import type { Request } from 'express';
import { badRequest, HttpError } from '../../errors';
import { SESSION_COOKIE } from '../auth/session-middleware';
import { clientOf, fingerprintOf, parseIdempotencyKey, type IdempotentRequest } from './service';

/**
 * A request's idempotency key, its client and its fingerprint, or null when it sent no key.
 *
 * The client is the browser's session: the signed `sessionid` cookie that the pages and
 * /api-nc/csrftoken/ set (the router mounts cookie-parser with the session secret, so only a
 * cookie this site signed counts). A key sent without one cannot be scoped to anyone, so it is
 * refused rather than shared: the client fetches /api-nc/csrftoken/ first and keeps its cookie.
 *
 * `body` is the validated request without its control fields (captcha, key, CSRF token);
 * `bodyKey` is the key from a form's hidden field (the pages without script).
 */
export function idempotentRequestOf(
  req: Request,
  body: Record<string, unknown>,
  bodyKey: string | undefined,
): IdempotentRequest | null {
  const header = req.get('Idempotency-Key');
  if (header === undefined && bodyKey === undefined) return null;
  const key = header === undefined ? parseIdempotencyKey(bodyKey!, 'idempotencyKey') : parseIdempotencyKey(header);
  if (header !== undefined && bodyKey !== undefined && parseIdempotencyKey(bodyKey, 'idempotencyKey') !== key)
    throw badRequest('The Idempotency-Key header and the idempotencyKey field differ.', {
      idempotencyKey: ['Send the key once, or the same key in both places'],
    });
  const signed = (req.signedCookies as Record<string, unknown> | undefined)?.[SESSION_COOKIE];
  if (typeof signed !== 'string' || signed === '')
    throw new HttpError(
      400,
      'idempotency_client_unknown',
      'An Idempotency-Key is kept per client: send the session cookie that GET /api-nc/csrftoken/ sets, then retry with the same key.',
    );
  return {
    client: clientOf(signed),
    key,
    fingerprint: fingerprintOf(req.method, `${req.baseUrl}${req.path}`, body),
  };
}
