import express, { type Router } from 'express';
import type { Db } from '../../../db';
import { EmbedsScreen } from '../../../../views/admin/EmbedsScreen';
import { embedsOverview } from '../../embeds/service';
import { assertModelPermission } from '../../permissions/model-policy';
import { SITE_SETTINGS_MODEL } from '../../site-settings/service';
import { adminScreen } from '../screen';

/**
 * /wagtail/embeds/: the embeds the content uses and where. Open to those who may change the site
 * settings, where the embed allow-list is kept (the list names pages of every section).
 */
export function embedsRoutes({ db }: { db: Db }): Router {
  const router = express.Router();

  // Permission: 'change' on site settings.
  router.get('/embeds/', async (req, res) => {
    await assertModelPermission(db, req, SITE_SETTINGS_MODEL, 'change');
    const view = await embedsOverview(db);
    adminScreen(req, res, { section: 'embeds', title: 'Embeds', element: <EmbedsScreen view={view} /> });
  });

  return router;
}
