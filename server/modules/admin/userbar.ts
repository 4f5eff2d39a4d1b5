import express, { type Router } from 'express';
import type { Db } from '../../db';
import { requestHost } from '../../http/host';
import { parseOr400 } from '../../http/validate';
import { userbarQuerySchema } from '../../../shared/schemas/userbar';
import { userbarFor } from '../pages/userbar-service';
import { hasAdminAccess, pagePermissions } from '../permissions/policy';

/**
 * GET /wagtail/userbar/?path=/press/: asked by the public pages' tiny loader (client/userbar/),
 * which draws the bar only on a 200. Public pages never read the session, so their HTML and cache
 * keys stay the same for everyone; this answer is the only per-visitor part, and is never stored.
 */
export function userbarRoutes({ db }: { db: Db }): Router {
  const router = express.Router();
  // Permission: anyone may ask; only a signed-in user with admin access gets links (others: 204).
  router.get('/userbar/', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.vary('Cookie');
    const { path } = parseOr400(userbarQuerySchema, req.query, 'query');
    const user = req.user;
    if (!user || !(await hasAdminAccess(db, user))) return res.status(204).end();
    res.json(await userbarFor(db, await pagePermissions(db, user), requestHost(req), path));
  });
  return router;
}
