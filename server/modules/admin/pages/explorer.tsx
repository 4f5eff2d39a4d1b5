import express, { type Request, type Response, type Router } from 'express';
import 'express-session';
import type { Db } from '../../../db';
import { parseOr400 } from '../../../http/validate';
import { EXPLORER_PAGE_SIZE, explorerQuerySchema } from '../../../../shared/schemas/admin';
import { setPositionQuerySchema } from '../../../../shared/schemas/explorer';
import { ExplorerScreen } from '../../../../views/admin/ExplorerScreen';
import { csrfTokenFor } from '../../auth/csrf';
import { explorePage } from '../../pages/explorer-service';
import { translationStatesOf } from '../../reports/service';
import type { ExplorerRow } from '../../../../shared/admin/explorer';
import { setPagePosition } from '../../pages/reorder-service';
import { permissionsFor } from '../../permissions/request';
import { setFlash, takeFlash } from '../flash';
import { wantsJson } from '../../auth/admin-guard';
import { pageIdOf } from '../page-params';
import { adminScreen } from '../screen';
import { listingHref, orderingPairs, readPageFilters } from './explorer-filters';
import { pageSearch } from './page-search';

declare module 'express-session' {
  interface SessionData {
    /** The page just moved among its siblings and the control used, so the explorer focuses it again. */
    adminMovedPage?: { id: number; direction: 'up' | 'down' };
  }
}

/** Each row's translations per locale (as a source, or its own state as a translation). */
async function withTranslationBadges(db: Db, rows: ExplorerRow[]): Promise<ExplorerRow[]> {
  const states = await translationStatesOf(
    db,
    rows.map((row) => row.id),
  );
  if (!states.length) return rows;
  return rows.map((row) => {
    const badges = states
      .filter((s) => s.page_id === row.id || s.translated_page?.id === row.id)
      .map((s) => ({ languageCode: s.language_code, state: s.state, percent: s.percent }));
    return badges.length ? { ...row, translations: badges } : row;
  });
}

/** The explorer, its page search and the reordering of siblings (behind requireAdmin). */
export function explorerRoutes({ db }: { db: Db }): Router {
  const router = express.Router();

  const explorer = async (req: Request, res: Response, pageId: number | undefined) => {
    const query = parseOr400(explorerQuerySchema, req.query, 'query');
    const base = pageId === undefined ? '/wagtail/pages/' : `/wagtail/pages/${pageId}/`;
    // Filters in the URL, kept by sorting and paging; a bad value is shown in the drawer (400).
    const permissions = await permissionsFor(db, req);
    const filters = await readPageFilters(db, req, base, orderingPairs(query.ordering), permissions.explorablePaths());
    const view = await explorePage(db, pageId, query.p, permissions, query.ordering, filters.applied);
    view.rows = await withTranslationBadges(db, view.rows);
    const moved = req.session.adminMovedPage;
    if (moved) delete req.session.adminMovedPage;
    const selfHref = listingHref(base, orderingPairs(query.ordering), [
      ...filters.view.applied,
      ...(view.pagination.page > 1 ? [['p', String(view.pagination.page)] as [string, string]] : []),
    ]);
    const element = (
      <ExplorerScreen
        view={{ ...view, message: takeFlash(req), moved, filters: filters.view, selfHref }}
        csrfToken={csrfTokenFor(req)}
      />
    );
    const invalid = Object.keys(filters.view.errors).length > 0;
    adminScreen(req, res, {
      section: 'pages',
      title: `${invalid ? 'Error: ' : ''}Exploring ${view.page.title}`,
      element,
      status: invalid ? 400 : undefined,
    });
  };

  // Permission: admin access; the explorer shows only pages the user may act on and their ancestors.
  router.get('/pages/', (req, res) => explorer(req, res, undefined));

  // Permission: admin access; results only inside the subtrees the user holds a permission on.
  // Registered before /pages/:id/, which would otherwise take 'search' for an id.
  router.get('/pages/search/', (req, res) => pageSearch(db, req, res));

  // Permission: admin access and 'view' on the page.
  router.get('/pages/:id/', async (req, res) => {
    await explorer(req, res, pageIdOf(req));
  });

  // Permission: 'publish' on the page's parent (Wagtail's can_reorder_children).
  router.post('/pages/:id/set_position/', async (req, res) => {
    const pageId = pageIdOf(req);
    const { position } = parseOr400(setPositionQuerySchema, req.query, 'position');
    const result = await setPagePosition(db, pageId, position, await permissionsFor(db, req));
    // Wagtail's drag-and-drop calls this in the background; a form post comes back to the explorer.
    if (wantsJson(req)) return res.json({ id: result.page.id, position: result.to, count: result.siblingCount });
    const place = result.to + 1;
    setFlash(
      req,
      result.from === result.to
        ? `'${result.page.title}' stays at position ${place} of ${result.siblingCount}.`
        : `'${result.page.title}' moved to position ${place} of ${result.siblingCount}.`,
    );
    req.session.adminMovedPage = { id: result.page.id, direction: position < result.from ? 'up' : 'down' };
    const p = Math.floor(result.to / EXPLORER_PAGE_SIZE) + 1;
    const base = result.parent.depth === 1 ? '/wagtail/pages/' : `/wagtail/pages/${result.parent.id}/`;
    // No #fragment: browsers skip autofocus when the URL names a target, and the focused control
    // is scrolled into view anyway.
    res.redirect(303, `${base}?ordering=ord${p > 1 ? `&p=${p}` : ''}`);
  });

  return router;
}
