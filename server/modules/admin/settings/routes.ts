import express, { type Router } from 'express';
import type { Db } from '../../../db';
import { accountRoutes } from './account';
import { groupsRoutes } from './groups';
import { sitesRoutes } from './sites';
import { usersRoutes } from './users';

/** Wagtail's Settings menu (users, groups, sites; superusers only) and your own account. */
export function settingsRoutes({ db }: { db: Db }): Router {
  const router = express.Router();
  router.use(usersRoutes({ db }));
  router.use(groupsRoutes({ db }));
  router.use(sitesRoutes({ db }));
  router.use(accountRoutes({ db }));
  return router;
}
