import { Router, type Request } from 'express';
import type { Db } from '../../db';
import type { Logger } from '../../logger';
import { renderPage, type RenderDeps } from '../../ssr/render';
import type { ViewGate } from '../privacy/gate';
import { resolvePublicPage } from './public-service';

export function requestPort(req: Request): number {
  const host = req.get('host') ?? '';
  const match = /:(\d+)$/.exec(host);
  if (match) return Number(match[1]);
  return req.protocol === 'https' ? 443 : 80;
}

export function siteUrlOf(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

/** The public site: every GET that no other router answered is a page path (or the 404 page). */
/** `gate`: page privacy (server/modules/privacy), which may answer with a password form or a login redirect instead. */
export function publicPageRoutes(db: Db, logger: Logger, renderDeps: RenderDeps, gate?: ViewGate): Router {
  const router = Router();
  router.get(/.*/, async (req, res, next) => {
    // API paths answer JSON from their own routers; an unknown one is a JSON 404, not a page.
    if (req.path.startsWith('/api/')) return next();
    const resolution = await resolvePublicPage(db, logger, {
      hostname: req.hostname,
      port: requestPort(req),
      path: decodeURIComponent(req.path),
      query: req.query as Record<string, unknown>,
    });
    if (resolution.kind === 'redirect') {
      if (gate && resolution.fromPage && !(await gate(req, res, resolution.fromPage))) return;
      res.redirect(resolution.status ?? 302, resolution.location);
      return;
    }
    if (gate && !(await gate(req, res, resolution))) return;
    renderPage(res, resolution, renderDeps, siteUrlOf(req));
  });
  return router;
}
