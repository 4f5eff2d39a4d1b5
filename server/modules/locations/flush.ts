import { Router, type RequestHandler } from 'express';
import type { Db } from '../../db';
import { eventBusFor } from '../../events';
import type { Logger } from '../../logger';
import { requireAdmin } from '../auth/admin-guard';
import { csrf } from '../auth/csrf';
import type { SessionStack } from '../auth/session-middleware';
import type { LocationCache } from './cache';

/** The database channel every dyno listens on; any payload means "location data changed". */
export const LOCATIONS_CHANGED_CHANNEL = 'locations_changed';

/** Tells every dyno (this one included) to drop its cached location data. */
export async function announceLocationChange(db: Db): Promise<void> {
  await eventBusFor(db).publish(LOCATIONS_CHANGED_CHANNEL, String(Date.now()));
}

/**
 * Subscribes this app's cache to the channel; resolves once the subscription is active. A flush
 * missed while the listener was reconnecting is assumed, so the cache is cleared then too.
 */
export async function clearCacheOnLocationChange(db: Db, cache: LocationCache, logger: Logger): Promise<void> {
  const clear = (reason: 'flush' | 'reconnected', payload?: string) => {
    logger.info({ entries: cache.size, reason, payload }, 'location cache cleared');
    cache.clear();
  };
  await eventBusFor(db).subscribe(
    LOCATIONS_CHANGED_CHANNEL,
    (payload) => clear('flush', payload),
    () => clear('reconnected'),
  );
}

/**
 * POST /api/location/flush/ (spec section 7; with or without the trailing slash). Permission:
 * staff with admin access, CSRF-protected. Sign-in is checked before the token so an anonymous
 * caller learns 401 (sign in) rather than 403; a signed-in one without a token gets 403.
 */
export function locationFlushRoutes({ db, sessions }: { db: Db; sessions: SessionStack }): Router {
  const router = Router();
  const beforeCsrf: RequestHandler[] = sessions.middleware.filter(
    (handler) => handler !== csrf.csrfSynchronisedProtection,
  );
  router.post(
    '/api/location/flush',
    ...beforeCsrf,
    requireAdmin(db),
    csrf.csrfSynchronisedProtection,
    async (_req, res) => {
      await announceLocationChange(db);
      res.set('Cache-Control', 'no-store').json({ flushed: true });
    },
  );
  return router;
}
