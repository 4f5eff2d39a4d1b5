import { Router } from 'express';
import type { Db } from '../../db';
import { requestPort, siteUrlOf } from '../pages/routes';
import { findSiteForHost } from '../sites/repo';
import { sitemapUrls, sitemapXml } from './sitemap';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Utility routes of spec section 2: /sitemap.xml (and /sitemap/sitemap.xml), /robots.txt and
 * /.well-known/security.txt. Permission: public. Each answers for the requesting site, with
 * absolute URLs on the origin the visitor used (ca.localhost gets the Canadian site's pages).
 */
export function seoRoutes(db: Db, options: { securityContact?: string }): Router {
  const router = Router();

  router.get(['/sitemap.xml', '/sitemap/sitemap.xml'], async (req, res, next) => {
    const site = await findSiteForHost(db, req.hostname, requestPort(req));
    if (!site) return next();
    const xml = sitemapXml(await sitemapUrls(db, site, siteUrlOf(req)));
    res.type('application/xml').set('Cache-Control', 'public, max-age=3600').send(xml);
  });

  router.get('/robots.txt', (req, res) => {
    const body = ['User-agent: *', 'Disallow: /wagtail/', '', `Sitemap: ${siteUrlOf(req)}/sitemap.xml`, ''].join('\n');
    res.type('text/plain').set('Cache-Control', 'public, max-age=3600').send(body);
  });

  // RFC 9116: Contact and Expires are required; Expires is computed per request so it never lapses.
  router.get('/.well-known/security.txt', (req, res) => {
    const origin = siteUrlOf(req);
    const contact = options.securityContact ?? `mailto:security@${req.hostname}`;
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
