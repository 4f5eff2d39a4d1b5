import type { Db } from '../../db';
import { badRequest, HttpError } from '../../errors';
import * as rateLimits from '../rate-limits/service';
import { CAPTCHA_MESSAGES, verifyCaptcha, type CaptchaOptions } from './captcha';

export const RATE_LIMITED = 'Too many messages were sent from here. Please wait 15 minutes and try again.';

/** A guest form over its limit: a 429 whose page says when to come back (Retry-After). */
export class GuestFormRateLimited extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'rate_limited', RATE_LIMITED);
  }
}

/** The proof of work first: a post without a verified captcha is refused before it can count. */
export async function checkCaptcha(db: Db, captcha: CaptchaOptions, payload: unknown): Promise<void> {
  const result = await verifyCaptcha(db, captcha, payload);
  if (!result.ok) throw badRequest(CAPTCHA_MESSAGES[result.reason], { captcha: [CAPTCHA_MESSAGES[result.reason]] });
}

/**
 * Counts a send against the sender's own client address. Never against the e-mail address typed
 * in: that key is anyone's to type, so counting it would let a stranger lock its owner out.
 */
export async function checkSenderLimit(db: Db, limit: rateLimits.Limit, ip: string): Promise<void> {
  const reservation = await rateLimits.reserve(db, limit, ip);
  if (!reservation.counted) throw new GuestFormRateLimited(reservation.retryAfterSeconds);
}
