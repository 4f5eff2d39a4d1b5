import express, { type Router } from 'express';
import type { Db } from '../../../db';
import { accountRoutes } from './account';
import { sitesRoutes } from './sites';

/**
 * Wagtail's Settings for administrators (sites) and your own account. Users and groups are
 * viewsets (users.tsx, groups.tsx), mounted with the others from admin/areas.ts.
 */
export function settingsRoutes({ db }: { db: Db }): Router {
  const router = express.Router();
  router.use(sitesRoutes({ db }));
  router.use(accountRoutes({ db }));
  return router;
}
