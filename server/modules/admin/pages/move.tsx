import express, { type Request, type Response, type Router } from 'express';
import type { Db } from '../../../db';
import { parseOr400 } from '../../../http/validate';
import { moveFormSchema, moveQuerySchema } from '../../../../shared/schemas/page-actions';
import { MoveScreen } from '../../../../views/admin/PageActionScreens';
import { csrfTokenFor } from '../../auth/csrf';
import { moveChoices, movePage } from '../../pages/move-copy-service';
import { findPage } from '../../pages/service';
import type { Page } from '../../pages/table';
import { assertCan } from '../../permissions/policy';
import { setFlash } from '../flash';
import { formBody, userFacingError } from '../form-input';
import { pageOf } from '../page-params';
import { adminScreen } from '../screen';

/** /wagtail/pages/{id}/move/: browse the tree for a new parent, then move the page there. */
export function moveRoutes({ db }: { db: Db }): Router {
  const router = express.Router();

  const render = async (
    req: Request,
    res: Response,
    page: Page,
    browseId: number | undefined,
    errors: string[],
    status = 200,
  ) => {
    const { browsing, rows } = await moveChoices(db, page, browseId);
    const element = (
      <MoveScreen page={page} browsing={browsing} rows={rows} csrfToken={csrfTokenFor(req)} errors={errors} />
    );
    adminScreen(req, res, { section: 'pages', title: `Move ${page.title}`, element, status });
  };

  // Permission: 'move' on the page ('add' on the destination is checked on POST).
  router.get('/pages/:id/move/', async (req, res) => {
    const page = await pageOf(db, req);
    await assertCan(db, req.user!, 'move', page);
    const query = parseOr400(moveQuerySchema, req.query, 'page to browse');
    await render(req, res, page, query.browse, []);
  });

  // Permission: 'move' on the page and 'add' on the destination.
  router.post('/pages/:id/move/', async (req, res) => {
    const page = await pageOf(db, req);
    // Refuse before validating, so a user without rights learns nothing from the form.
    await assertCan(db, req.user!, 'move', page);
    const form = moveFormSchema.safeParse(formBody(req.body));
    if (!form.success) return render(req, res, page, undefined, ['Choose a destination page.'], 400);
    const destination = await findPage(db, form.data.destination);
    if (!destination) return render(req, res, page, undefined, ['The destination page does not exist.'], 400);
    if (destination.path.startsWith(page.path)) {
      return render(req, res, page, undefined, ['A page cannot be moved into itself or one of its subpages.'], 400);
    }
    await assertCan(db, req.user!, 'move', page, { destination });
    try {
      await movePage(db, page.id, destination.id, req.user!.id);
      setFlash(req, `Page '${page.title}' has been moved to '${destination.title}'.`);
      res.redirect(303, `/wagtail/pages/${page.id}/edit/`);
    } catch (error) {
      const shown = userFacingError(error);
      if (!shown) throw error;
      await render(req, res, page, destination.id, [shown.message], shown.status === 423 ? 423 : 400);
    }
  });

  return router;
}
