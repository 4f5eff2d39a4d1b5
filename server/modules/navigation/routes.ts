import { Router } from 'express';
import type { Db } from '../../db';
import { renderPage, type RenderDeps } from '../../ssr/render';
import type { ResolvedPage } from '../pages/public-service';
import { requestPort, siteUrlOf } from '../pages/routes';
import { loadSiteTree, splitLocalePrefix } from '../pages/site-tree';
import { findSiteForHost } from '../sites/repo';
import { loadSiteChrome, type SiteChrome } from './service';

/** The RenderDeps hook that puts a site's header and footer into every page it renders. */
export function siteChromeLoader(db: Db, deps: Pick<RenderDeps, 'logger' | 'config'>): (resolved: ResolvedPage) => Promise<SiteChrome> {
  return (resolved) =>
    loadSiteChrome(
      db,
      deps.logger,
      { siteId: resolved.tree.site.id, languageCode: resolved.root.languageCode, defaultLanguageCode: resolved.tree.roots[0]!.languageCode },
      deps.config.a11yFeedbackUrl,
    );
}

/**
 * GET /blocks/footer/ (and /fr/blocks/footer/): the site's footer alone in the document shell, so
 * other applications of the chain can embed the same footer. It is not a page of the tree.
 */
export function navigationRoutes(db: Db, renderDeps: RenderDeps): Router {
  const router = Router();
  router.get(/^(\/[a-z]{2})?\/blocks\/footer\/?$/, async (req, res) => {
    const site = await findSiteForHost(db, req.hostname, requestPort(req));
    if (!site) throw new Error('No site is configured');
    const tree = await loadSiteTree(db, site);
    const { root } = splitLocalePrefix(tree, req.path);
    const resolved: ResolvedPage = {
      kind: 'page',
      status: 200,
      tree,
      root,
      template: 'Footer',
      alternates: [],
      page: {
        id: 0,
        pageType: 'Footer',
        title: 'Footer',
        seoTitle: '',
        searchDescription: '',
        robots: 'noindex',
        url: req.path.endsWith('/') ? req.path : `${req.path}/`,
        lastPublishedAt: null,
        content: {},
        extra: {},
      },
    };
    await renderPage(res, resolved, renderDeps, siteUrlOf(req));
  });
  return router;
}
