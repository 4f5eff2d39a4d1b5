import type { NextFunction, Request, Response } from 'express';
import type { Db } from '../../db';
import { requestHost, siteOrigin, type RequestHost } from '../../http/host';
import { loadSiteTree, splitLocalePrefix, type LocaleRoot, type SiteTree } from './site-tree';
import { findSiteForHost } from '../sites/repo';
import type { Site } from '../sites/table';
import { tableMemoFor } from '../../cache/table-memo';

/**
 * "Which site is this request for", in one place. The request's Host (or X-Forwarded-Host from a
 * trusted proxy) only chooses among the configured sites; every absolute URL the site prints
 * (page data, sitemaps, robots, canonical links, e-mails) is built from the chosen site's own
 * hostname and port, never from what the request said. An unknown host gets the default site.
 */

/** The site answering a request, its language roots, the root the path is under, and its public origin. */
export type RequestSite = { site: Site; tree: SiteTree; root: LocaleRoot; rest: string; origin: string };

/** The configured site a host names (Wagtail's matching; unknown hosts get the default site). */
export async function siteForHost(db: Db, host: RequestHost): Promise<Site> {
  const site = await findSiteForHost(db, host.hostname, host.port);
  if (!site) throw new Error('No site is configured: run the seed (npm run seed) or add a site in the back office');
  return site;
}

/**
 * The site of this request, resolved once and kept in res.locals.requestSite: later callers (the
 * not-found page, the privacy gate) get the same answer without asking the database again.
 */
export async function resolveRequestSite(db: Db, req: Request, res: Response): Promise<RequestSite> {
  const known = res.locals.requestSite as RequestSite | undefined;
  if (known) return known;
  const host = requestHost(req);
  // The site and its language roots change only when staff edit them: kept until a write.
  const { site, tree } = await tableMemoFor(db).read(
    `site-tree ${host.hostname}:${host.port}`,
    ['sites', 'pages', 'locales'],
    async () => {
      const site = await siteForHost(db, host);
      return { site, tree: await loadSiteTree(db, site) };
    },
  );
  const { root, rest } = splitLocalePrefix(tree, safeDecodedPath(req.path));
  const resolved: RequestSite = { site, tree, root, rest, origin: siteOrigin(site) };
  res.locals.requestSite = resolved;
  return resolved;
}

/**
 * Middleware: resolves the request's site before the public routers, which read it with
 * requestSiteOf. JSON API paths (answered by their own routers, or a JSON 404) need no site.
 */
export function siteContext(db: Db) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.path.startsWith('/api/')) return next();
    resolveRequestSite(db, req, res).then(() => next(), next);
  };
}

/** The site resolved by siteContext for this request. */
export function requestSiteOf(res: Response): RequestSite {
  const resolved = res.locals.requestSite as RequestSite | undefined;
  if (!resolved) throw new Error('siteContext did not run before this route');
  return resolved;
}

// The edge guard has already refused paths that do not decode.
function safeDecodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
