import express, { type Request, type Response, type Router } from 'express';
import type { Db } from '../../../db';
import { notFound } from '../../../errors';
import { resolveRequestSite } from '../../pages/request-site';
import { invalid } from '../../../http/validate';
import {
  API_ACTIONS,
  apiActionBodySchemas,
  apiFindQuerySchema,
  apiListQuerySchema,
  apiPageParamsSchema,
  type ApiActionName,
} from '../../../../shared/schemas/admin-api';
import { apiActions, type ActionResult } from '../../admin-api/actions';
import { findByHtmlPath, listPages, pageDetail, visiblePage } from '../../admin-api/service';
import { findPage } from '../../pages/service';
import type { Page } from '../../pages/table';
import type { UserPagePermissions } from '../../permissions/policy';
import { permissionsFor } from '../../permissions/request';

const pkOf = (req: Request) => {
  const parsed = apiPageParamsSchema.safeParse(req.params);
  if (!parsed.success) throw notFound('The page does not exist.');
  return parsed.data.pk;
};

/**
 * The admin API under /wagtail/api/main/ (Wagtail's admin API v2 for pages), mounted behind
 * requireAdmin: anonymous requests get 401 JSON, and every answer goes through the same page
 * permissions as the screens. State-changing actions need the X-CSRFToken header.
 */
export function apiRoutes({ db }: { db: Db }): Router {
  const router = express.Router();
  /** The site answering this request (as for public pages) decides whether a page's html_url is a path or a full URL. */
  const siteOf = async (req: Request, res: Response) => (await resolveRequestSite(db, req, res)).tree;

  // Permission: admin access; only pages the user may see in the explorer are listed.
  router.get('/api/main/pages/', async (req, res) => {
    const query = apiListQuerySchema.safeParse(req.query);
    if (!query.success) throw invalid(query.error, 'query');
    res.setHeader('Cache-Control', 'no-store, private');
    res.json(await listPages(db, await permissionsFor(db, req), query.data, await siteOf(req, res)));
  });

  // Permission: admin access and 'view' on the page.
  router.get('/api/main/pages/find/', async (req, res) => {
    const query = apiFindQuerySchema.safeParse(req.query);
    if (!query.success) throw invalid(query.error, 'query');
    const id =
      'id' in query.data ? query.data.id : await findByHtmlPath(db, await siteOf(req, res), query.data.html_path);
    await visiblePage(db, await permissionsFor(db, req), id);
    res.redirect(302, `/wagtail/api/main/pages/${id}/`);
  });

  // Permission: admin access and 'view' on the page.
  router.get('/api/main/pages/:pk/', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store, private');
    res.json(await pageDetail(db, await permissionsFor(db, req), pkOf(req), await siteOf(req, res)));
  });

  // Permission: per action, as its screen (publish/unpublish: publish; delete: delete; move:
  // change + add on the destination; copy: add on the destination; revert: change).
  router.post('/api/main/pages/:pk/action/:action/', async (req, res) => {
    const name = req.params.action;
    if (!(API_ACTIONS as readonly string[]).includes(name ?? '')) throw notFound('This action does not exist.');
    const action = name as ApiActionName;
    const permissions = await permissionsFor(db, req);
    const row = await visiblePage(db, permissions, pkOf(req));
    const page = (await findPage(db, row.id))!;
    const body = apiActionBodySchemas[action].safeParse(req.body ?? {});
    if (!body.success) throw invalid(body.error, 'request body');
    // The action and its body schema share the key; TypeScript cannot pair them through a union.
    const run = apiActions[action] as (
      db: Db,
      p: UserPagePermissions,
      page: Page,
      input: never,
    ) => Promise<ActionResult>;
    const result = await run(db, permissions, page, body.data as never);
    if (result.status === 204 || result.pageId === undefined) return res.status(204).end();
    res
      .status(result.status)
      .json(await pageDetail(db, await permissionsFor(db, req), result.pageId, await siteOf(req, res)));
  });

  return router;
}
