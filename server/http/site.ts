import { isIP } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import type { Db } from '../db';
import { HttpError } from '../errors';
import { loadSiteTree, splitLocalePrefix, type LocaleRoot, type SiteTree } from '../modules/pages/site-tree';
import { findSiteForHost } from '../modules/sites/repo';
import type { Site } from '../modules/sites/table';
import { tableMemoFor } from '../cache/table-memo';

/**
 * "Which site is this request for", in one place. The request's Host (or X-Forwarded-Host from a
 * trusted proxy) only chooses among the configured sites; every absolute URL the site prints
 * (page data, sitemaps, robots, canonical links, e-mails) is built from the chosen site's own
 * hostname and port, never from what the request said. An unknown host gets the default site.
 */

export type RequestHost = { hostname: string; port: number };

/** The site answering a request, its language roots, the root the path is under, and its public origin. */
export type RequestSite = { site: Site; tree: SiteTree; root: LocaleRoot; rest: string; origin: string };

const HOSTNAME = /^(?=.{1,253}\.?$)[a-z0-9_](?:[a-z0-9_-]{0,62})(?:\.[a-z0-9_](?:[a-z0-9_-]{0,62}))*\.?$/;
const IPV6_LITERAL = /^\[([0-9a-f:.]{2,45})\]$/;

/**
 * A Host header value as hostname and port, or null when it is not one: a DNS name, an IPv4
 * address or a bracketed IPv6 address, then an optional port from 1 to 65535. An absent or
 * empty value is no host at all (undefined): the default site answers it.
 */
export function parseHost(value: string | undefined, defaultPort: number): RequestHost | null | undefined {
  if (value === undefined || value === '') return undefined;
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d{1,5}))?$/.exec(value.toLowerCase());
  if (!match) return null;
  const [, name = '', portText] = match;
  const port = portText === undefined ? defaultPort : Number(portText);
  if (port < 1 || port > 65535) return null;
  const ipv6 = IPV6_LITERAL.exec(name);
  if (ipv6) return isIP(ipv6[1]!) === 6 ? { hostname: name, port } : null;
  if (!HOSTNAME.test(name)) return null;
  return { hostname: name.replace(/\.$/, ''), port };
}

/** http or https, from the socket or a trusted proxy's X-Forwarded-Proto; anything else is refused at the edge. */
export function requestScheme(req: Request): 'http' | 'https' {
  const scheme = req.protocol.toLowerCase();
  if (scheme !== 'http' && scheme !== 'https')
    throw new HttpError(400, 'bad_forwarded_proto', 'The X-Forwarded-Proto header must be http or https.');
  return scheme;
}

const HOST_OF_REQUEST = Symbol('requestHost');
type WithHost = Request & { [HOST_OF_REQUEST]?: RequestHost };

/**
 * The host the request names, validated. `hostname` is '' when the request names none. Asked
 * for by the edge guard, the site resolution and the page cache: parsed once per request (a
 * request's headers do not change), and only a valid host is kept. Callers only read it.
 */
export function requestHost(req: Request): RequestHost {
  const known = (req as WithHost)[HOST_OF_REQUEST];
  if (known) return known;
  const defaultPort = requestScheme(req) === 'https' ? 443 : 80;
  const parsed = parseHost(req.host, defaultPort);
  if (parsed === null) throw new HttpError(400, 'bad_host', 'The Host header is not a valid host name.');
  const host = parsed ?? { hostname: '', port: defaultPort };
  (req as WithHost)[HOST_OF_REQUEST] = host;
  return host;
}

export function requestPort(req: Request): number {
  return requestHost(req).port;
}

/**
 * A site's public origin, Wagtail's Site.root_url: https when its port is 443, else http, with
 * the port unless it is the scheme's own. Behind a TLS proxy a site is configured on port 443.
 */
export function siteOrigin(site: Pick<Site, 'hostname' | 'port'>): string {
  const scheme = site.port === 443 ? 'https' : 'http';
  return `${scheme}://${site.hostname}${site.port === 80 || site.port === 443 ? '' : `:${site.port}`}`;
}

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
