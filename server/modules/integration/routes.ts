import { Router } from 'express';
import type { Db } from '../../db';
import { requestSiteOf } from '../pages/request-site';
import { integrationManifest } from './service';

/** GET /integration-manifest.json (spec section 2), for the requesting site. Permission: public. */
export function integrationRoutes(db: Db): Router {
  const router = Router();
  router.get('/integration-manifest.json', async (_req, res) => {
    const manifest = await integrationManifest(db, requestSiteOf(res));
    res.set('Cache-Control', 'public, max-age=3600').json(manifest);
  });
  return router;
}
