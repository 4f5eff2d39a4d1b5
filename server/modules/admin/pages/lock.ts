import express, { type Router } from 'express';
import type { Db } from '../../../db';
import { lockPage, unlockPage } from '../../pages/lifecycle-service';
import { assertCan } from '../../permissions/policy';
import { setFlash } from '../flash';
import { formBody, userFacingError } from '../form-input';
import { safeNextPath } from '../next-url';
import { pageOf } from '../page-params';

/** Lock and unlock (POST only, from the edit screen and the dashboard), behind requireAdmin. */
export function lockRoutes({ db }: { db: Db }): Router {
  const router = express.Router();

  // Permission: 'lock' on the page.
  router.post('/pages/:id/lock/', async (req, res) => {
    const page = await pageOf(db, req);
    await assertCan(db, req.user!, 'lock', page);
    try {
      await lockPage(db, page.id, req.user!.id);
      setFlash(req, `Page '${page.title}' is now locked.`);
    } catch (error) {
      const shown = userFacingError(error);
      if (!shown) throw error;
      setFlash(req, shown.message);
    }
    res.redirect(303, `/wagtail/pages/${page.id}/edit/`);
  });

  // Permission: 'unlock' on the page (the holder of the lock may always release it).
  router.post('/pages/:id/unlock/', async (req, res) => {
    const page = await pageOf(db, req);
    await assertCan(db, req.user!, 'unlock', page);
    try {
      await unlockPage(db, page.id, req.user!.id);
      setFlash(req, `Page '${page.title}' is now unlocked.`);
    } catch (error) {
      const shown = userFacingError(error);
      if (!shown) throw error;
      setFlash(req, shown.message);
    }
    // Back to the editor, or to where the form came from (the dashboard's 'Your locked pages').
    res.redirect(303, safeNextPath(formBody(req.body).next, `/wagtail/pages/${page.id}/edit/`));
  });

  return router;
}
