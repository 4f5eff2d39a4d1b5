import type { Db } from '../../db';
import * as repo from './repo';
import type { RateLimitRule, Reservation } from './repo';

export type { Reservation } from './repo';

const FIFTEEN_MINUTES = 15 * 60;

/**
 * The limits of the site, each a counter scope and a rule (server/modules/rate-limits/repo.ts):
 * - a back-office account: 5 attempts, then a delay from 1 second doubling to 5 minutes, so a
 *   guesser is slowed to a crawl while the real owner waits seconds, never a lock-out;
 * - a client address (the proxy-aware one, TRUST_PROXY): 20 failed sign-ins in 15 minutes;
 * - a client address on page passwords: 20 wrong passwords in 15 minutes, counted apart so a
 *   visitor's guesses never lock anyone out of the back office;
 * - the guest forms (contact, signup): 10 sends per client address in 15 minutes, counted only
 *   once the captcha verified (issue 27), so nobody's empty posts use up anyone's allowance;
 * - the unsubscribe form (no captcha): 10 per client address in 15 minutes, counted apart so
 *   unsubscribing never waits on the other forms;
 * - signup confirmation mails: 3 per e-mail address in 15 minutes. Hitting it changes nothing visible
 *   (the same answer, no mail), so a stranger can neither flood an inbox nor learn or block
 *   anything: the owner's links already sent keep working.
 */
export const LIMITS = {
  loginAccount: {
    scope: 'login_account',
    rule: { kind: 'delay', limit: 5, windowSeconds: FIFTEEN_MINUTES, firstDelaySeconds: 1, maxDelaySeconds: 300 },
  },
  loginAddress: { scope: 'login_address', rule: { kind: 'block', limit: 20, windowSeconds: FIFTEEN_MINUTES } },
  pagePasswordAddress: {
    scope: 'page_password_address',
    rule: { kind: 'block', limit: 20, windowSeconds: FIFTEEN_MINUTES },
  },
  guestFormAddress: { scope: 'guest_form_address', rule: { kind: 'block', limit: 10, windowSeconds: FIFTEEN_MINUTES } },
  unsubscribeAddress: {
    scope: 'unsubscribe_address',
    rule: { kind: 'block', limit: 10, windowSeconds: FIFTEEN_MINUTES },
  },
  signupMailEmail: { scope: 'signup_mail_email', rule: { kind: 'block', limit: 3, windowSeconds: FIFTEEN_MINUTES } },
  // Wait-list joins and table bookings (issue 14): per client address and per guest phone number.
  waitlistAddress: { scope: 'waitlist_address', rule: { kind: 'block', limit: 20, windowSeconds: FIFTEEN_MINUTES } },
  waitlistPhone: { scope: 'waitlist_phone', rule: { kind: 'block', limit: 5, windowSeconds: FIFTEEN_MINUTES } },
  reservationAddress: {
    scope: 'reservation_address',
    rule: { kind: 'block', limit: 20, windowSeconds: FIFTEEN_MINUTES },
  },
  reservationPhone: { scope: 'reservation_phone', rule: { kind: 'block', limit: 5, windowSeconds: FIFTEEN_MINUTES } },
} as const satisfies Record<string, { scope: string; rule: RateLimitRule }>;

export type Limit = (typeof LIMITS)[keyof typeof LIMITS];

/** Counts an attempt before it is checked; `counted: false` means refuse it now and say when to come back. */
export function reserve(db: Db, limit: Limit, key: string): Promise<Reservation> {
  return repo.reserveAttempt(db, limit.scope, key, limit.rule);
}

/** The attempt succeeded: it does not count against a shared address. */
export async function release(db: Db, limit: Limit, key: string): Promise<void> {
  await repo.releaseAttempt(db, limit.scope, key);
}

/** The attempt succeeded: the account starts afresh. */
export async function reset(db: Db, limit: Limit, key: string): Promise<void> {
  await repo.resetCounter(db, limit.scope, key);
}

/** Housekeeping after a failure, so the table holds only counters that still matter. */
export async function forgetIdleCounters(db: Db): Promise<void> {
  await repo.deleteIdleCounters(db, FIFTEEN_MINUTES);
}
