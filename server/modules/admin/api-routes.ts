import express, { type Request, type Router } from 'express';
import type { z } from 'zod';
import type { Db } from '../../db';
import { badRequest, notFound } from '../../errors';
import { API_ACTIONS, apiActionBodySchemas, apiFindQuerySchema, apiListQuerySchema, apiPageParamsSchema, type ApiActionName } from '../../../shared/schemas/admin-api';
import { apiActions, type ActionResult } from '../admin-api/actions';
import { findByHtmlPath, listPages, pageDetail, visiblePage } from '../admin-api/service';
import * as pagesRepo from '../pages/repo';
import type { Page } from '../pages/table';
import type { UserPagePermissions } from '../permissions/policy';
import { permissionsFor } from '../permissions/request';

/** A failed zod parse as a 400 with every field's messages (the API shows them all). */
function invalid(error: z.ZodError, what: string) {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : issue.code === 'unrecognized_keys' ? issue.keys.join(',') : '_';
    (fields[key] ??= []).push(issue.message);
  }
  return badRequest(`The ${what} is not valid.`, fields);
}

/** The site answering this request decides whether a page's html_url is a path or a full URL. */
const hostOf = (req: Request) => ({ hostname: req.hostname, port: Number(req.get('host')?.split(':')[1] ?? 80) });

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

  // Permission: admin access; only pages the user may see in the explorer are listed.
  router.get('/api/main/pages/', async (req, res) => {
    const query = apiListQuerySchema.safeParse(req.query);
    if (!query.success) throw invalid(query.error, 'query');
    res.setHeader('Cache-Control', 'no-store, private');
    res.json(await listPages(db, await permissionsFor(db, req), query.data, hostOf(req)));
  });

  // Permission: admin access and 'view' on the page.
  router.get('/api/main/pages/find/', async (req, res) => {
    const query = apiFindQuerySchema.safeParse(req.query);
    if (!query.success) throw invalid(query.error, 'query');
    const host = hostOf(req);
    const id = 'id' in query.data ? query.data.id : await findByHtmlPath(db, host.hostname, host.port, query.data.html_path);
    await visiblePage(db, await permissionsFor(db, req), id);
    res.redirect(302, `/wagtail/api/main/pages/${id}/`);
  });

  // Permission: admin access and 'view' on the page.
  router.get('/api/main/pages/:pk/', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store, private');
    res.json(await pageDetail(db, await permissionsFor(db, req), pkOf(req), hostOf(req)));
  });

  // Permission: per action, as its screen (publish/unpublish: publish; delete: delete; move:
  // change + add on the destination; copy: add on the destination; revert: change).
  router.post('/api/main/pages/:pk/action/:action/', async (req, res) => {
    const name = req.params.action;
    if (!(API_ACTIONS as readonly string[]).includes(name ?? '')) throw notFound('This action does not exist.');
    const action = name as ApiActionName;
    const permissions = await permissionsFor(db, req);
    const row = await visiblePage(db, permissions, pkOf(req));
    const page = (await pagesRepo.findPageById(db, row.id))!;
    const body = apiActionBodySchemas[action].safeParse(req.body ?? {});
    if (!body.success) throw invalid(body.error, 'request body');
    // The action and its body schema share the key; TypeScript cannot pair them through a union.
    const run = apiActions[action] as (db: Db, p: UserPagePermissions, page: Page, input: never) => Promise<ActionResult>;
    const result = await run(db, permissions, page, body.data as never);
    if (result.status === 204 || result.pageId === undefined) return res.status(204).end();
    res.status(result.status).json(await pageDetail(db, await permissionsFor(db, req), result.pageId, hostOf(req)));
  });

  return router;
}
