import express, { type Router } from 'express';
import type { Db } from '../../db';
import { DashboardScreen } from '../../../views/admin/DashboardScreen';
import { pagePanels } from '../pages/dashboard-service';
import { moderationPanels } from '../moderation/screen-service';
import { permissionsFor } from '../permissions/request';
import { takeFlash } from './flash';
import { adminScreen, adminUser, chrome } from './screen';

/** The dashboard (Wagtail's admin home), mounted behind requireAdmin. */
export function dashboardRoutes({ db }: { db: Db }): Router {
  const router = express.Router();

  // Permission: admin access.
  router.get('/', async (req, res) => {
    const { user, csrfToken } = chrome(req);
    const permissions = await permissionsFor(db, req);
    const view = {
      ...(await moderationPanels(db, user.id, permissions)),
      ...(await pagePanels(db, user.id, permissions)),
      message: takeFlash(req),
    };
    const element = <DashboardScreen view={view} displayName={adminUser(user).displayName} csrfToken={csrfToken} />;
    adminScreen(req, res, { section: 'dashboard', title: 'Dashboard', element });
  });

  return router;
}
