import { Router } from 'express';
import type { Db } from '../../db';
import { requestSiteOf } from '../pages/request-site';
import type { SiteSettingsCache } from '../site-settings/service';
import { sitemapUrls, sitemapXml } from './sitemap';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Utility routes of spec section 2: /sitemap.xml (and /sitemap/sitemap.xml), /robots.txt and
 * /.well-known/security.txt. Permission: public. Each answers for the requesting site
 * (ca.localhost gets the Canadian site's pages), with absolute URLs on that site's configured
 * origin: these answers are cached publicly, so nothing in them may come from the request.
 */
export function seoRoutes(db: Db, options: { siteSettings: SiteSettingsCache }): Router {
  const router = Router();

  router.get(['/sitemap.xml', '/sitemap/sitemap.xml'], async (_req, res) => {
    const { tree, origin } = requestSiteOf(res);
    const xml = sitemapXml(await sitemapUrls(db, tree, origin));
    res.type('application/xml').set('Cache-Control', 'public, max-age=3600').send(xml);
  });

  // The site's robots policy (site settings): a staging site asks every robot to stay away.
  router.get('/robots.txt', async (_req, res) => {
    const settings = await options.siteSettings.forSite(requestSiteOf(res).site.id);
    const body =
      settings.robotsPolicy === 'noindex'
        ? ['User-agent: *', 'Disallow: /', ''].join('\n')
        : ['User-agent: *', 'Disallow: /wagtail/', '', `Sitemap: ${requestSiteOf(res).origin}/sitemap.xml`, ''].join(
            '\n',
          );
    res.type('text/plain').set('Cache-Control', 'public, max-age=3600').send(body);
  });

  // RFC 9116: Contact and Expires are required; Expires is computed per request so it never lapses.
  router.get('/.well-known/security.txt', async (_req, res) => {
    const { site, origin } = requestSiteOf(res);
    const contact = (await options.siteSettings.forSite(site.id)).securityContact ?? `mailto:security@${site.hostname}`;
    const body = [
      `Contact: ${contact}`,
      `Expires: ${new Date(Date.now() + YEAR_MS).toISOString().replace(/\.\d{3}Z$/, 'Z')}`,
      'Preferred-Languages: en, fr',
      `Canonical: ${origin}/.well-known/security.txt`,
      '',
    ].join('\n');
    res.type('text/plain').set('Cache-Control', 'no-cache').send(body);
  });

  return router;
}
