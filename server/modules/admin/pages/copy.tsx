import express, { type Request, type Response, type Router } from 'express';
import type { Db } from '../../../db';
import { formErrors } from '../../../http/validate';
import { COPY_FIELD_NAMES, copyFormSchema } from '../../../../shared/schemas/page-actions';
import { CopyScreen, type CopyValues } from '../../../../views/admin/PageActionScreens';
import { csrfTokenFor } from '../../auth/csrf';
import { copyDestinations, copyPage } from '../../pages/move-copy-service';
import { findPage, findParentPage } from '../../pages/service';
import type { Page } from '../../pages/table';
import { assertCan } from '../../permissions/policy';
import { setFlash } from '../flash';
import { formBody, textOf, userFacingError } from '../form-input';
import { pageOf } from '../page-params';
import { adminScreen } from '../screen';

type CopyForm = { values: CopyValues; fieldErrors: Partial<Record<keyof CopyValues, string>>; errors: string[] };

/** /wagtail/pages/{id}/copy/: Wagtail's copy form (new title and slug, destination, subpages, publish). */
export function copyRoutes({ db }: { db: Db }): Router {
  const router = express.Router();

  const render = async (req: Request, res: Response, page: Page, form: CopyForm, status = 200) => {
    // Indented by depth, so the list reads as the tree it is.
    const destinations = (await copyDestinations(db, page)).map((p) => ({
      id: p.id,
      title: `${'— '.repeat(Math.max(0, p.depth - 2))}${p.title}`,
    }));
    const element = (
      <CopyScreen
        page={{ id: page.id, title: page.title, hasChildren: page.numchild > 0, live: page.live }}
        destinations={destinations}
        csrfToken={csrfTokenFor(req)}
        {...form}
      />
    );
    adminScreen(req, res, { section: 'pages', title: `Copy ${page.title}`, element, status });
  };

  // Permission: 'copy' on the page ('add' on the destination is checked on POST).
  router.get('/pages/:id/copy/', async (req, res) => {
    const page = await pageOf(db, req);
    await assertCan(db, req.user!, 'copy', page);
    const parent = await findParentPage(db, page);
    await render(req, res, page, {
      values: {
        new_title: page.title,
        new_slug: page.slug,
        new_parent_page: String(parent?.id ?? ''),
        copy_subpages: false,
        publish_copies: false,
      },
      fieldErrors: {},
      errors: [],
    });
  });

  // Permission: 'copy' on the page, 'add' on the destination, and 'publish' there to publish the copies.
  router.post('/pages/:id/copy/', async (req, res) => {
    const page = await pageOf(db, req);
    // Refuse before validating, so a user without rights learns nothing from the form.
    await assertCan(db, req.user!, 'copy', page);
    const body = formBody(req.body);
    const values: CopyValues = {
      new_title: textOf(body.new_title),
      new_slug: textOf(body.new_slug),
      new_parent_page: textOf(body.new_parent_page),
      copy_subpages: body.copy_subpages !== undefined,
      publish_copies: body.publish_copies !== undefined,
    };
    const parsed = copyFormSchema.safeParse(body);
    if (!parsed.success) {
      const { fieldErrors, nonFieldErrors } = formErrors(parsed.error, COPY_FIELD_NAMES);
      return render(req, res, page, { values, fieldErrors, errors: nonFieldErrors }, 400);
    }
    const destination = await findPage(db, parsed.data.new_parent_page);
    if (!destination)
      return render(
        req,
        res,
        page,
        { values, fieldErrors: { new_parent_page: 'Choose a valid page.' }, errors: [] },
        400,
      );
    await assertCan(db, req.user!, 'copy', page, { destination });
    if (parsed.data.publish_copies) await assertCan(db, req.user!, 'publish', destination);
    try {
      const copy = await copyPage(
        db,
        page.id,
        {
          destinationId: destination.id,
          title: parsed.data.new_title,
          slug: parsed.data.new_slug,
          copySubpages: parsed.data.copy_subpages,
          publishCopies: parsed.data.publish_copies,
        },
        req.user!.id,
      );
      setFlash(req, `Page '${page.title}' has been copied.`);
      res.redirect(303, `/wagtail/pages/${copy.id}/edit/`);
    } catch (error) {
      const shown = userFacingError(error);
      if (!shown) throw error;
      const { fieldErrors, nonFieldErrors } = formErrors(shown, COPY_FIELD_NAMES);
      await render(req, res, page, { values, fieldErrors, errors: nonFieldErrors }, 400);
    }
  });

  return router;
}
