import express, { type Request, type Response, type Router } from 'express';
import { pageIdOf } from './page-params';
import 'express-session';
import type { Db } from '../../db';
import { badRequest } from '../../errors';
import type { AssetManifest } from '../../ssr/assets';
import { EXPLORER_PAGE_SIZE, explorerQuerySchema } from '../../../shared/schemas/admin';
import { pageSearchQuerySchema, setPositionQuerySchema } from '../../../shared/schemas/explorer';
import { PageSearchScreen } from '../../../views/admin/PageSearchScreen';
import { csrfTokenFor } from '../auth/csrf';
import { setPagePosition } from '../pages/reorder-service';
import { permissionsFor } from '../permissions/request';
import { explorePage } from './explorer-service';
import { setFlash, takeFlash } from './flash';
import { wantsJson } from './guard';
import { searchAdminPages } from './page-search-service';
import { renderAdmin } from './render';
import { explorerScreen } from './screens';
import { pagesScreen } from './shell-screen';

declare module 'express-session' {
  interface SessionData {
    /** The page just moved among its siblings and the control used, so the explorer focuses it again. */
    adminMovedPage?: { id: number; direction: 'up' | 'down' };
  }
}

/** The explorer, its page search and the reordering of siblings (behind requireAdmin). */
export function explorerRoutes({ db, assets }: { db: Db; assets: AssetManifest }): Router {
  const router = express.Router();
  const chrome = (req: Request) => ({ user: req.user!, csrfToken: csrfTokenFor(req) });

  const explorer = async (req: Request, res: Response, pageId: number | undefined) => {
    const query = explorerQuerySchema.safeParse(req.query);
    if (!query.success) {
      const ordering = query.error.issues.find((issue) => issue.path[0] === 'ordering');
      if (ordering) throw badRequest(ordering.message, { ordering: [ordering.message] });
      throw badRequest('The page number is not valid.', { p: ['Enter a whole number of at least 1.'] });
    }
    const view = await explorePage(db, pageId, query.data.p, await permissionsFor(db, req), query.data.ordering);
    const moved = req.session.adminMovedPage;
    if (moved) delete req.session.adminMovedPage;
    renderAdmin(res, assets, explorerScreen(chrome(req), { ...view, message: takeFlash(req), moved }));
  };

  // Permission: admin access; the explorer shows only pages the user may act on and their ancestors.
  router.get('/pages/', (req, res) => explorer(req, res, undefined));

  // Permission: admin access; results only inside the subtrees the user holds a permission on.
  // Registered before /pages/:id/, which would otherwise take 'search' for an id.
  router.get('/pages/search/', async (req, res) => {
    const raw = typeof req.query.q === 'string' ? req.query.q : '';
    const query = pageSearchQuerySchema.safeParse(req.query);
    if (!query.success) {
      const issue = query.error.issues[0]!;
      const error = issue.path[0] === 'p' ? `Page number: ${issue.message}` : issue.message;
      const element = <PageSearchScreen view={null} query={raw} error={error} />;
      return renderAdmin(res, assets, pagesScreen(chrome(req), 'Search pages', element), 400);
    }
    const { q, p } = query.data;
    const view = q ? await searchAdminPages(db, q, p, await permissionsFor(db, req)) : null;
    renderAdmin(res, assets, pagesScreen(chrome(req), q ? `Search pages: ${q}` : 'Search pages', <PageSearchScreen view={view} query={q} />));
  });

  // Permission: admin access and 'view' on the page.
  router.get('/pages/:id/', async (req, res) => {
    await explorer(req, res, pageIdOf(req));
  });

  // Permission: 'publish' on the page's parent (Wagtail's can_reorder_children).
  router.post('/pages/:id/set_position/', async (req, res) => {
    const pageId = pageIdOf(req);
    const query = setPositionQuerySchema.safeParse(req.query);
    if (!query.success) throw badRequest(query.error.issues[0]!.message, { position: query.error.issues.map((issue) => issue.message) });
    const result = await setPagePosition(db, pageId, query.data.position, await permissionsFor(db, req));
    // Wagtail's drag-and-drop calls this in the background; a form post comes back to the explorer.
    if (wantsJson(req)) return res.json({ id: result.page.id, position: result.to, count: result.siblingCount });
    const place = result.to + 1;
    setFlash(req, result.from === result.to ? `'${result.page.title}' stays at position ${place} of ${result.siblingCount}.` : `'${result.page.title}' moved to position ${place} of ${result.siblingCount}.`);
    req.session.adminMovedPage = { id: result.page.id, direction: query.data.position < result.from ? 'up' : 'down' };
    const p = Math.floor(result.to / EXPLORER_PAGE_SIZE) + 1;
    const base = result.parent.depth === 1 ? '/wagtail/pages/' : `/wagtail/pages/${result.parent.id}/`;
    // No #fragment: browsers skip autofocus when the URL names a target, and the focused control
    // is scrolled into view anyway.
    res.redirect(303, `${base}?ordering=ord${p > 1 ? `&p=${p}` : ''}`);
  });

  return router;
}
