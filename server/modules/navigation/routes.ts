import { Router } from 'express';
import type { Db } from '../../db';
import { requestSiteOf } from '../pages/request-site';
import { renderPage, type RenderDeps } from '../../ssr/render';
import type { ResolvedPage } from '../pages/public-service';
import type { SiteSettingsCache } from '../site-settings/service';
import { loadSiteChrome, type SiteChrome } from './service';

/** The RenderDeps hook that puts a site's header and footer into every page it renders. */
export function siteChromeLoader(
  db: Db,
  deps: Pick<RenderDeps, 'logger'> & { siteSettings: SiteSettingsCache },
): (resolved: ResolvedPage) => Promise<SiteChrome> {
  return async (resolved) => {
    // The header flag and the accessibility feedback address are site settings.
    const settings = await deps.siteSettings.forSite(resolved.tree.site.id);
    return loadSiteChrome(
      db,
      deps.logger,
      {
        siteId: resolved.tree.site.id,
        languageCode: resolved.root.languageCode,
        defaultLanguageCode: resolved.tree.roots[0]!.languageCode,
      },
      { a11yFeedbackUrl: settings.a11yFeedbackUrl ?? undefined, newHeader: settings.newHeader },
    );
  };
}

/** Every path the footer route can match (the app skips the router for the others). */
export const FOOTER_SCOPE = /\/blocks\/footer/i;

/**
 * GET /blocks/footer/ (and /fr/blocks/footer/): the site's footer alone in the document shell, so
 * other applications of the chain can embed the same footer. It is not a page of the tree.
 */
export function navigationRoutes(renderDeps: RenderDeps): Router {
  const router = Router();
  router.get(/^(\/[a-z]{2})?\/blocks\/footer\/?$/, async (req, res) => {
    const { tree, root } = requestSiteOf(res);
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
    await renderPage(res, resolved, renderDeps);
  });
  return router;
}
