import express, { type Request, type Response, type Router } from 'express';
import type { Db } from '../../../db';
import { parseOr400 } from '../../../http/validate';
import { unpublishFormSchema } from '../../../../shared/schemas/page-actions';
import { UnpublishScreen } from '../../../../views/admin/PageActionScreens';
import { csrfTokenFor } from '../../auth/csrf';
import { countLiveDescendants, unpublishPage } from '../../pages/lifecycle-service';
import type { Page } from '../../pages/table';
import { assertCan } from '../../permissions/policy';
import { setFlash } from '../flash';
import { formBody, userFacingError } from '../form-input';
import { pageOf } from '../page-params';
import { adminScreen } from '../screen';

/** /wagtail/pages/{id}/unpublish/: confirm, then take the page (and maybe its live subpages) off the site. */
export function unpublishRoutes({ db }: { db: Db }): Router {
  const router = express.Router();

  const render = async (req: Request, res: Response, page: Page, errors: string[], status = 200) => {
    const live = await countLiveDescendants(db, page);
    const element = (
      <UnpublishScreen page={page} liveDescendants={live} csrfToken={csrfTokenFor(req)} errors={errors} />
    );
    adminScreen(req, res, { section: 'pages', title: `Unpublish ${page.title}`, element, status });
  };

  // Permission: 'unpublish' (needs publish) on the page.
  router.get('/pages/:id/unpublish/', async (req, res) => {
    const page = await pageOf(db, req);
    await assertCan(db, req.user!, 'unpublish', page);
    await render(req, res, page, []);
  });

  // Permission: 'unpublish' (needs publish) on the page.
  router.post('/pages/:id/unpublish/', async (req, res) => {
    const page = await pageOf(db, req);
    await assertCan(db, req.user!, 'unpublish', page);
    const form = parseOr400(unpublishFormSchema, formBody(req.body), 'form');
    try {
      const ids = await unpublishPage(db, page.id, req.user!.id, { includeDescendants: form.include_descendants });
      setFlash(
        req,
        ids.length > 1
          ? `Page '${page.title}' and ${ids.length - 1} subpages unpublished.`
          : `Page '${page.title}' unpublished.`,
      );
      res.redirect(303, `/wagtail/pages/${page.id}/edit/`);
    } catch (error) {
      const shown = userFacingError(error);
      if (!shown) throw error;
      await render(req, res, page, [shown.message], shown.status);
    }
  });

  return router;
}
