import { Router, type Request, type Response } from 'express';
import type { Db } from '../../db';
import { requestSiteOf } from './request-site';
import type { Logger } from '../../logger';
import { resolvePublicPage, type ResolvedPage } from './public-service';

/** Pages that hold a form (server/modules/forms): they render through it and answer POSTs. */
export type FormPages = {
  handles(template: string): boolean;
  get(req: Request, res: Response, resolved: ResolvedPage): Promise<void>;
  post(req: Request, res: Response, resolved: ResolvedPage): Promise<void>;
};

/**
 * Decides whether a resolved page may be shown to this request (page privacy implements it):
 * true goes on; false means the gate answered (a password form, a login redirect).
 */
export type PageGate = (
  req: Request,
  res: Response,
  resolved: Pick<ResolvedPage, 'status' | 'tree' | 'root'> & { page: Pick<ResolvedPage['page'], 'id'> },
) => Promise<boolean>;

/** Draws a resolved page as the response (the app hands in the server renderer). */
export type RenderResolvedPage = (res: Response, resolved: ResolvedPage) => Promise<void>;

/**
 * The public site: every GET that no other router answered is a page path (or the 404 page).
 * `gate`: page privacy (server/modules/privacy), which may answer with a password form or a login
 * redirect instead.
 */
export function publicPageRoutes(
  db: Db,
  logger: Logger,
  render: RenderResolvedPage,
  gate?: PageGate,
  formPages?: FormPages,
): Router {
  const router = Router();
  router.get(/.*/, async (req, res, next) => {
    // API paths answer JSON from their own routers; an unknown one is a JSON 404, not a page.
    if (req.path.startsWith('/api/')) return next();
    const { tree, root, rest } = requestSiteOf(res);
    const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
    const resolution = await resolvePublicPage(db, logger, {
      tree,
      root,
      rest,
      // As requested: the redirect lookup decodes it once, as it decoded the stored old paths.
      path: req.path,
      search,
      query: req.query as Record<string, unknown>,
    });
    if (resolution.kind === 'redirect') {
      if (gate && resolution.fromPage && !(await gate(req, res, resolution.fromPage))) return;
      res.redirect(resolution.status ?? 302, resolution.location);
      return;
    }
    if (gate && !(await gate(req, res, resolution))) return;
    if (formPages?.handles(resolution.template)) return formPages.get(req, res, resolution);
    await render(res, resolution);
  });
  // A form page's own form posts back to it (spec section 7); any other POST is not a page's.
  router.post(/.*/, async (req, res, next) => {
    if (!formPages || req.path.startsWith('/api/')) return next();
    const { tree, root, rest } = requestSiteOf(res);
    const resolution = await resolvePublicPage(db, logger, {
      tree,
      root,
      rest,
      path: req.path,
      search: '',
      query: {},
    });
    if (resolution.kind !== 'page' || resolution.status !== 200 || !formPages.handles(resolution.template))
      return next();
    if (gate && !(await gate(req, res, resolution))) return;
    return formPages.post(req, res, resolution);
  });
  return router;
}
