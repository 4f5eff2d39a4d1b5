import { Router, type Request } from 'express';
import type { RequestSite } from './request-site';

/**
 * Mounts routes that live outside the page tree in each of the site's languages: under its own
 * language without a prefix, and under the others' prefix (the Canada site's French: /fr/…).
 * A prefix the site does not have falls through (to the not-found page).
 */
export function inEveryLanguage(routes: Router): Router {
  const router = Router();
  router.use(routes);
  router.use('/:lang', (req: Request<{ lang: string }>, res, next) => {
    // JSON API paths resolve no site (siteContext skips them): they are never these pages.
    const site = res.locals.requestSite as RequestSite | undefined;
    if (site?.root.prefix === `/${req.params.lang}`) return routes(req, res, next);
    next();
  });
  return router;
}
