import express, { type Request, type Response, type Router } from 'express';
import { pageIdOf, pageOf as pageFromRequest } from './page-params';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../db';
import { badRequest, notFound } from '../../errors';
import type { AssetManifest } from '../../ssr/assets';
import { addPageFormSchema, addPageOfTypeParams, addPageParams, copyFormSchema, moveFormSchema, moveQuerySchema, unpublishFormSchema } from '../../../shared/schemas/page-actions';
import {
  AddPageScreen,
  ChooseTypeScreen,
  CopyScreen,
  DeleteScreen,
  MoveScreen,
  UnpublishScreen,
  type AddValues,
  type CopyValues,
} from '../../../views/admin/PageActionScreens';
import { logPageAction } from '../audit/service';
import { csrfTokenFor } from '../auth/csrf';
import * as lifecycleRepo from '../pages/lifecycle-repo';
import { deletePage, lockPage, unlockPage, unpublishPage } from '../pages/lifecycle-service';
import { copyPage, mayLiveUnder, movePage } from '../pages/move-copy-service';
import { pageTypes, pageTypeOf } from '../pages/page-types';
import * as pagesRepo from '../pages/repo';
import { createPage } from '../pages/service';
import type { Page, PageContent } from '../pages/table';
import { contentForSave } from '../pages/content';
import type { PageTypeDefinition } from '../pages/page-type';
import { blockEditorView, readContentInput } from './block-editor-data';
import { assertCan } from '../permissions/policy';
import { setFlash } from './flash';
import { safeNextPath } from './next-url';
import { splitErrors, userFacingError, zodFieldErrors } from './page-action-errors';
import { renderAdmin } from './render';
import { pagesScreen } from './shell-screen';

const bodyOf = (req: Request): Record<string, unknown> => (typeof req.body === 'object' && req.body !== null ? req.body : {});
const str = (value: unknown) => (typeof value === 'string' ? value : '');

function parse<T extends z.ZodType>(schema: T, value: unknown, message: string): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest(message, Object.fromEntries(Object.entries(zodFieldErrors(parsed.error.issues)).map(([k, v]) => [k, [v]])));
  return parsed.data;
}

/** Add, unpublish, delete, move, copy, lock and unlock, with Wagtail's URLs and confirm screens (behind requireAdmin). */
/** A new page's body: each stream field an empty list. */
const emptyBody = (type: PageTypeDefinition): PageContent => Object.fromEntries(type.streamFields.map((field) => [field, []]));

export function pageActionRoutes({ db, assets }: { db: Db; assets: AssetManifest }): Router {
  const router = express.Router();
  const chrome = (req: Request) => ({ user: req.user!, csrfToken: csrfTokenFor(req) });

  const pageOf = (req: Request): Promise<Page> => pageFromRequest(db, req);
  const parentIdOf = async (page: Page) => (await pagesRepo.findPageByPath(db, page.path.slice(0, -4)))?.id ?? null;

  // --- add -----------------------------------------------------------------------------------
  const allowedTypes = (parent: Page) =>
    [...pageTypes.values()].filter((t) => t.parentTypes.includes(parent.page_type)).map((t) => ({ type: t.type, label: t.label }));

  // Permission: 'add' on the parent.
  router.get('/pages/add/:parent_page_id/', async (req, res) => {
    const { parent_page_id } = parse(addPageParams, req.params, 'The parent page id is not valid.');
    const parent = await pagesRepo.findPageById(db, parent_page_id);
    if (!parent) throw notFound('The parent page does not exist.');
    await assertCan(db, req.user!, 'add', parent);
    const types = allowedTypes(parent);
    // Wagtail skips the chooser when only one type fits.
    if (types.length === 1) return res.redirect(302, `/wagtail/pages/add/${types[0]!.type}/${parent.id}/`);
    renderAdmin(res, assets, pagesScreen(chrome(req), `Create a page in ${parent.title}`, <ChooseTypeScreen parent={parent} types={types} />));
  });

  const addContext = async (req: Request) => {
    const params = parse(addPageOfTypeParams, req.params, 'The page type or parent is not valid.');
    const parent = await pagesRepo.findPageById(db, params.parent_page_id);
    const type = pageTypeOf(params.type);
    if (!parent || !type) throw notFound('The parent page or page type does not exist.');
    await assertCan(db, req.user!, 'add', parent);
    if (!type.parentTypes.includes(parent.page_type)) throw badRequest(`A ${type.label} cannot be created under '${parent.title}'.`);
    return { parent, type };
  };
  type AddForm = { values: AddValues; fieldErrors: Partial<Record<keyof AddValues, string>>; errors: string[]; content?: { json?: string; errors: Record<string, string[]> } };
  const renderAdd = (req: Request, res: Response, ctx: Awaited<ReturnType<typeof addContext>>, { content, ...form }: AddForm, status = 200) => {
    // The new page's body is edited here already (Wagtail's create view), empty to start with.
    const blockEditor = blockEditorView(ctx.type, emptyBody(ctx.type), content?.json, content?.errors);
    const element = <AddPageScreen parent={ctx.parent} type={{ type: ctx.type.type, label: ctx.type.label }} csrfToken={csrfTokenFor(req)} blockEditor={blockEditor} {...form} />;
    renderAdmin(res, assets, { ...pagesScreen(chrome(req), `New ${ctx.type.label}`, element), blockEditor: blockEditor !== null }, status);
  };

  // Permission: 'add' on the parent.
  router.get('/pages/add/:type/:parent_page_id/', async (req, res) => {
    const ctx = await addContext(req);
    renderAdd(req, res, ctx, { values: { title: '', slug: '', seo_title: '', search_description: '' }, fieldErrors: {}, errors: [] });
  });

  // Permission: 'add' on the parent ('publish' too when publishing at once).
  router.post('/pages/add/:type/:parent_page_id/', async (req, res) => {
    const ctx = await addContext(req);
    const body = bodyOf(req);
    const values: AddValues = { title: str(body.title), slug: str(body.slug), seo_title: str(body.seo_title), search_description: str(body.search_description) };
    const parsed = addPageFormSchema.safeParse(body);
    if (!parsed.success) return renderAdd(req, res, ctx, { values, fieldErrors: zodFieldErrors(parsed.error.issues), errors: [] }, 400);
    const publish = parsed.data['action-publish'] !== undefined;
    if (publish) await assertCan(db, req.user!, 'publish', ctx.parent);
    // The body as typed: strict when publishing, blanks deferred for a draft (as the edit screen).
    const typedBody = { json: typeof body.content_json === 'string' ? body.content_json : undefined, errors: {} as Record<string, string[]> };
    const contentInput = readContentInput(body);
    if (!contentInput.ok) return renderAdd(req, res, ctx, { values, fieldErrors: {}, errors: [contentInput.message], content: typedBody }, 400);
    let content: PageContent = emptyBody(ctx.type);
    if (contentInput.content !== undefined) {
      const checked = contentForSave(ctx.type, contentInput.content, { deferRequired: !publish });
      if (!checked.ok) return renderAdd(req, res, ctx, { values, fieldErrors: {}, errors: ['The page body has errors: see the marked blocks.'], content: { ...typedBody, errors: checked.errors } }, 400);
      content = checked.content;
    }
    try {
      const page = await inTransaction(db, async (trx) => {
        const created = await createPage(trx, {
          parentId: ctx.parent.id,
          pageType: ctx.type.type,
          title: parsed.data.title,
          slug: parsed.data.slug,
          seo_title: parsed.data.seo_title,
          search_description: parsed.data.search_description,
          content,
          userId: req.user!.id,
          publish,
        });
        await logPageAction(trx, { pageId: created.id, userId: req.user!.id, action: 'create', title: created.title, revisionId: created.latest_revision_id });
        if (publish) await logPageAction(trx, { pageId: created.id, userId: req.user!.id, action: 'publish', title: created.title, revisionId: created.latest_revision_id });
        return created;
      });
      setFlash(req, publish ? `Page '${page.title}' created and published.` : `Page '${page.title}' created.`);
      res.redirect(303, `/wagtail/pages/${page.id}/edit/`);
    } catch (error) {
      const shown = userFacingError(error);
      if (!shown) throw error;
      renderAdd(req, res, ctx, { values, ...splitErrors(shown, ['title', 'slug', 'seo_title', 'search_description'] as const), content: typedBody }, 400);
    }
  });

  // --- unpublish -----------------------------------------------------------------------------
  const renderUnpublish = async (req: Request, res: Response, page: Page, errors: string[], status = 200) => {
    const live = (await lifecycleRepo.listSubtree(db, page)).filter((p) => p.live && p.id !== page.id).length;
    renderAdmin(res, assets, pagesScreen(chrome(req), `Unpublish ${page.title}`, <UnpublishScreen page={page} liveDescendants={live} csrfToken={csrfTokenFor(req)} errors={errors} />), status);
  };
  // Permission: 'unpublish' (needs publish) on the page.
  router.get('/pages/:id/unpublish/', async (req, res) => {
    const page = await pageOf(req);
    await assertCan(db, req.user!, 'unpublish', page);
    await renderUnpublish(req, res, page, []);
  });
  router.post('/pages/:id/unpublish/', async (req, res) => {
    const page = await pageOf(req);
    await assertCan(db, req.user!, 'unpublish', page);
    const form = parse(unpublishFormSchema, bodyOf(req), 'The form is not valid.');
    try {
      const ids = await unpublishPage(db, page.id, req.user!.id, { includeDescendants: form.include_descendants });
      setFlash(req, ids.length > 1 ? `Page '${page.title}' and ${ids.length - 1} subpages unpublished.` : `Page '${page.title}' unpublished.`);
      res.redirect(303, `/wagtail/pages/${page.id}/edit/`);
    } catch (error) {
      const shown = userFacingError(error);
      if (!shown) throw error;
      await renderUnpublish(req, res, page, [shown.message], shown.status);
    }
  });

  // --- delete --------------------------------------------------------------------------------
  const renderDelete = async (req: Request, res: Response, page: Page, errors: string[], status = 200) => {
    const descendants = await lifecycleRepo.countDescendants(db, page);
    renderAdmin(res, assets, pagesScreen(chrome(req), `Delete ${page.title}`, <DeleteScreen page={page} descendants={descendants} csrfToken={csrfTokenFor(req)} errors={errors} />), status);
  };
  // Permission: 'delete' on the page (bulk_delete when it has subpages; publish when live).
  router.get('/pages/:id/delete/', async (req, res) => {
    const page = await pageOf(req);
    await assertCan(db, req.user!, 'delete', page);
    await renderDelete(req, res, page, []);
  });
  router.post('/pages/:id/delete/', async (req, res) => {
    const page = await pagesRepo.findPageById(db, pageIdOf(req));
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
      await renderDelete(req, res, page, [shown.message], shown.status);
    }
  });

  // --- move ----------------------------------------------------------------------------------
  const renderMove = async (req: Request, res: Response, page: Page, browseId: number | undefined, errors: string[], status = 200) => {
    const browsing = (browseId ? await pagesRepo.findPageById(db, browseId) : undefined) ?? (await pagesRepo.findPageByPath(db, page.path.slice(0, -4)))!;
    const children = await pagesRepo.listChildPages(db, browsing, { limit: 200, offset: 0 });
    // A destination is offered when the type may live there and it is outside the page's own subtree.
    const allowed = async (destination: Page) => !destination.path.startsWith(page.path) && mayLiveUnder(page, destination);
    const rows = [];
    for (const child of children) {
      if (child.id === page.id) continue;
      const full = (await pagesRepo.findPageById(db, child.id))!;
      rows.push({ id: child.id, title: child.title, allowed: await allowed(full), hasChildren: child.numchild > 0 && !full.path.startsWith(page.path) });
    }
    const parentId = browsing.depth > 1 ? await parentIdOf(browsing) : null;
    renderAdmin(
      res,
      assets,
      pagesScreen(
        chrome(req),
        `Move ${page.title}`,
        <MoveScreen
          page={page}
          browsing={{ id: browsing.id, title: browsing.title, allowed: await allowed(browsing), parentId }}
          rows={rows}
          csrfToken={csrfTokenFor(req)}
          errors={errors}
        />,
      ),
      status,
    );
  };
  // Permission: 'move' on the page ('add' on the destination is checked on POST).
  router.get('/pages/:id/move/', async (req, res) => {
    const page = await pageOf(req);
    await assertCan(db, req.user!, 'move', page);
    const query = parse(moveQuerySchema, req.query, 'The page to browse is not valid.');
    await renderMove(req, res, page, query.browse, []);
  });
  router.post('/pages/:id/move/', async (req, res) => {
    const page = await pageOf(req);
    // Refuse before validating, so a user without rights learns nothing from the form.
    await assertCan(db, req.user!, 'move', page);
    const form = moveFormSchema.safeParse(bodyOf(req));
    if (!form.success) return renderMove(req, res, page, undefined, ['Choose a destination page.'], 400);
    const destination = await pagesRepo.findPageById(db, form.data.destination);
    if (!destination) return renderMove(req, res, page, undefined, ['The destination page does not exist.'], 400);
    if (destination.path.startsWith(page.path)) {
      return renderMove(req, res, page, undefined, ['A page cannot be moved into itself or one of its subpages.'], 400);
    }
    await assertCan(db, req.user!, 'move', page, { destination });
    try {
      await movePage(db, page.id, destination.id, req.user!.id);
      setFlash(req, `Page '${page.title}' has been moved to '${destination.title}'.`);
      res.redirect(303, `/wagtail/pages/${page.id}/edit/`);
    } catch (error) {
      const shown = userFacingError(error);
      if (!shown) throw error;
      await renderMove(req, res, page, destination.id, [shown.message], shown.status === 423 ? 423 : 400);
    }
  });

  // --- copy ----------------------------------------------------------------------------------
  const renderCopy = async (req: Request, res: Response, page: Page, form: { values: CopyValues; fieldErrors: Partial<Record<keyof CopyValues, string>>; errors: string[] }, status = 200) => {
    // Destinations: pages the type may live under (Wagtail browses; a list is enough for a chain's tree).
    const candidates = await db.selectFrom('pages').selectAll().where('depth', '>', 1).orderBy('path').limit(500).execute();
    const root = await pagesRepo.findRootPage(db);
    const destinations = [...(root ? [root] : []), ...candidates].filter((p) => mayLiveUnder(page, p)).map((p) => ({ id: p.id, title: `${'— '.repeat(Math.max(0, p.depth - 2))}${p.title}` }));
    renderAdmin(
      res,
      assets,
      pagesScreen(
        chrome(req),
        `Copy ${page.title}`,
        <CopyScreen page={{ id: page.id, title: page.title, hasChildren: page.numchild > 0, live: page.live }} destinations={destinations} csrfToken={csrfTokenFor(req)} {...form} />,
      ),
      status,
    );
  };
  // Permission: 'copy' on the page ('add' on the destination is checked on POST).
  router.get('/pages/:id/copy/', async (req, res) => {
    const page = await pageOf(req);
    await assertCan(db, req.user!, 'copy', page);
    const parentId = await parentIdOf(page);
    await renderCopy(req, res, page, {
      values: { new_title: page.title, new_slug: page.slug, new_parent_page: String(parentId ?? ''), copy_subpages: false, publish_copies: false },
      fieldErrors: {},
      errors: [],
    });
  });
  router.post('/pages/:id/copy/', async (req, res) => {
    const page = await pageOf(req);
    // Refuse before validating, so a user without rights learns nothing from the form.
    await assertCan(db, req.user!, 'copy', page);
    const body = bodyOf(req);
    const values: CopyValues = {
      new_title: str(body.new_title),
      new_slug: str(body.new_slug),
      new_parent_page: str(body.new_parent_page),
      copy_subpages: body.copy_subpages !== undefined,
      publish_copies: body.publish_copies !== undefined,
    };
    const parsed = copyFormSchema.safeParse(body);
    if (!parsed.success) return renderCopy(req, res, page, { values, fieldErrors: zodFieldErrors(parsed.error.issues), errors: [] }, 400);
    const destination = await pagesRepo.findPageById(db, parsed.data.new_parent_page);
    if (!destination) return renderCopy(req, res, page, { values, fieldErrors: { new_parent_page: 'Choose a valid page.' }, errors: [] }, 400);
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
      await renderCopy(req, res, page, { values, ...splitErrors(shown, ['new_title', 'new_slug', 'new_parent_page'] as const) }, 400);
    }
  });

  // --- lock / unlock (POST only, from the edit screen) ---------------------------------------
  // Permission: 'lock' on the page.
  router.post('/pages/:id/lock/', async (req, res) => {
    const page = await pageOf(req);
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
    const page = await pageOf(req);
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
    res.redirect(303, safeNextPath(bodyOf(req).next, `/wagtail/pages/${page.id}/edit/`));
  });

  return router;
}
