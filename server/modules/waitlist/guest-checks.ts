import type { Db } from '../../db';
import { badRequest, HttpError } from '../../errors';
import { CAPTCHA_MESSAGES, verifyCaptcha, type CaptchaOptions } from '../forms/captcha';

/**
 * What a guest's own join or booking must pass beyond its fields (the host stand's walk-ins pass
 * none of it): the proof-of-work captcha the guest forms use, and a cap per contact (phone or
 * e-mail address) per restaurant and day, so one sender cannot fill a restaurant's day or send a
 * stranger's phone a stream of texts by changing nothing but the name.
 */

/** The widget's answer as posted (`captcha` field), checked and spent once. */
export type CaptchaCheck = { options: CaptchaOptions; payload: unknown };

export async function requireCaptcha(db: Db, check: CaptchaCheck): Promise<void> {
  const result = await verifyCaptcha(db, check.options, check.payload);
  if (!result.ok) throw badRequest(CAPTCHA_MESSAGES[result.reason], { captcha: [CAPTCHA_MESSAGES[result.reason]] });
}

/** Wait-list joins per phone or e-mail address per restaurant and local day (cancelled ones count). */
export const JOINS_PER_CONTACT_PER_DAY = 3;
/** Bookings per phone or e-mail address per restaurant for one date (cancelled ones count). */
export const BOOKINGS_PER_CONTACT_PER_DAY = 3;

export function contactLimitReached(what: 'join' | 'booking', contact: { phone: string | null }): HttpError {
  const field = contact.phone ? 'phone' : 'email';
  const message =
    what === 'join'
      ? `This phone number or e-mail address has already joined this restaurant's wait list ${JOINS_PER_CONTACT_PER_DAY} times today. Please call the restaurant.`
      : `This phone number or e-mail address already has ${BOOKINGS_PER_CONTACT_PER_DAY} bookings at this restaurant on this day. Please call the restaurant.`;
  return new HttpError(429, 'contact_limit', message, { [field]: [message] });
}
