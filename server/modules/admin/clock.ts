import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';
import { isTimeZone, UTC_CLOCK, type AdminClock } from '../../../shared/admin/local-time';
import { setAdminClockSource } from '../../../shared/admin/admin-clock';

/**
 * The reader's clock for everything the back office prints in one request: their own time zone
 * (account settings) or the site's (TIME_ZONE), and their admin language. Held for the request
 * like its locale, so the one formatting helper (views/admin/format.ts) reads it on every screen,
 * list cell and export without each of them being handed the user
 * (docs/decisions/2026-11-29-admin-local-time.md).
 */
const clocks = new AsyncLocalStorage<AdminClock>();

setAdminClockSource(() => clocks.getStore() ?? UTC_CLOCK);

/**
 * The clock of a signed-in user (or of nobody yet: the sign-in screens) on a site in `siteTimeZone`.
 * Dates are worded in English: the admin's own words are English today, and a French date inside an
 * English sentence reads worse than either; the helper already words them in French for the day the
 * admin is translated (then: `user.preferred_language`).
 */
export function clockFor(user: Pick<Express.User, 'time_zone'> | undefined, siteTimeZone: string): AdminClock {
  const own = user?.time_zone;
  return { timeZone: own && isTimeZone(own) ? own : siteTimeZone, locale: 'en-US' };
}

const SITE_TIME_ZONE_KEY = 'siteTimeZone';

/** The site's zone, which the account screen offers as the default. */
export function siteTimeZoneOf(res: Response): string {
  return (res.locals[SITE_TIME_ZONE_KEY] as string | undefined) ?? 'UTC';
}

/** Mounted after the session: the rest of the request runs on its reader's clock. */
export function provideAdminClock(siteTimeZone = 'UTC') {
  return (req: Request, res: Response, next: NextFunction): void => {
    res.locals[SITE_TIME_ZONE_KEY] = siteTimeZone;
    clocks.run(clockFor(req.user, siteTimeZone), next);
  };
}

/** The current request's clock (the site's default outside one). */
export function currentAdminClock(): AdminClock {
  return clocks.getStore() ?? UTC_CLOCK;
}
