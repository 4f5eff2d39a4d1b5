import express, { type Router } from 'express';
import type { Db } from '../../../db';
import { UsageScreen } from '../../../../views/admin/viewset/HistoryScreen';
import { pageUsage } from '../../pages/usage-service';
import { assertCan } from '../../permissions/policy';
import { pageOf } from '../page-params';
import { adminScreen } from '../screen';

/** /wagtail/pages/{id}/usage/: what uses this page, from the reference index (Wagtail's page usage). */
export function usageRoutes({ db }: { db: Db }): Router {
  const router = express.Router();

  // Permission: 'change' on the page (as its history).
  router.get('/pages/:id/usage/', async (req, res) => {
    const page = await pageOf(db, req);
    await assertCan(db, req.user!, 'change', page);
    const items = await pageUsage(db, page);
    const element = (
      <UsageScreen
        view={{
          names: { name: 'page', plural: 'pages' },
          title: page.title,
          items,
          backHref: `/wagtail/pages/${page.id}/edit/`,
        }}
      />
    );
    adminScreen(req, res, { section: 'pages', title: `Usage of ${page.title}`, element });
  });

  return router;
}
