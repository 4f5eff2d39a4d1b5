import { isIP } from 'node:net';
import type { Request } from 'express';
import { HttpError } from '../errors';

/**
 * The host a request names and a site's public origin: the HTTP half of "which site is this
 * request for" (the other half, choosing the site, is server/modules/pages/request-site.ts).
 */

export type RequestHost = { hostname: string; port: number };

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
export function siteOrigin(site: { hostname: string; port: number }): string {
  const scheme = site.port === 443 ? 'https' : 'http';
  return `${scheme}://${site.hostname}${site.port === 80 || site.port === 443 ? '' : `:${site.port}`}`;
}
