import express, { type Router } from 'express';
import type { Db } from '../../../db';
import { accountRoutes } from './account';

/**
 * Your own account. The administrators' users, groups and sites are viewsets (users.tsx,
 * groups.tsx, sites.tsx), mounted with the others from admin/areas.ts.
 */
export function settingsRoutes({ db }: { db: Db }): Router {
  const router = express.Router();
  router.use(accountRoutes({ db }));
  return router;
}
