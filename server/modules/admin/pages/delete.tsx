import express, { type Request, type Response, type Router } from 'express';
import type { Db } from '../../../db';
import { notFound } from '../../../errors';
import { DeleteScreen } from '../../../../views/admin/PageActionScreens';
import { csrfTokenFor } from '../../auth/csrf';
import { countDescendants, deletePage } from '../../pages/lifecycle-service';
import { findPage } from '../../pages/service';
import { pageUsageCount } from '../../pages/usage-service';
import type { Page } from '../../pages/table';
import { assertCan } from '../../permissions/policy';
import { userFacingError } from '../form-input';
import { pageIdOf, pageOf } from '../page-params';
import { adminScreen } from '../screen';

/** /wagtail/pages/{id}/delete/: confirm, then delete the page with its subpages. */
export function deleteRoutes({ db }: { db: Db }): Router {
  const router = express.Router();

  const render = async (req: Request, res: Response, page: Page, errors: string[], status = 200) => {
    const descendants = await countDescendants(db, page);
    const usage = await pageUsageCount(db, page);
    const element = (
      <DeleteScreen page={page} descendants={descendants} usage={usage} csrfToken={csrfTokenFor(req)} errors={errors} />
    );
    adminScreen(req, res, { section: 'pages', title: `Delete ${page.title}`, element, status });
  };

  // Permission: 'delete' on the page (bulk_delete when it has subpages; publish when live).
  router.get('/pages/:id/delete/', async (req, res) => {
    const page = await pageOf(db, req);
    await assertCan(db, req.user!, 'delete', page);
    await render(req, res, page, []);
  });

  // Permission: 'delete' on the page (bulk_delete when it has subpages; publish when live).
  router.post('/pages/:id/delete/', async (req, res) => {
    const page = await findPage(db, pageIdOf(req));
    // A second click on "delete" after the first one went through: say so instead of a bare 404.
    if (!page) {
      res.status(410).type('text/plain').send('This page has already been deleted.');
      return;
    }
    if (page.depth === 1) throw notFound('The page does not exist.');
    await assertCan(db, req.user!, 'delete', page);
    try {
      const { parentId } = await deletePage(db, page.id, req.user!.id);
      res.redirect(303, parentId ? `/wagtail/pages/${parentId}/` : '/wagtail/pages/');
    } catch (error) {
      const shown = userFacingError(error);
      if (!shown) throw error;
      await render(req, res, page, [shown.message], shown.status);
    }
  });

  return router;
}
