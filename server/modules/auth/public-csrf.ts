import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { HttpError } from '../../errors';
import { requestHost, requestScheme } from '../../http/host';
import type { SessionStack } from './session-middleware';

/**
 * Cross-site request forgery protection for every state-changing request of the public site
 * (everything outside /wagtail/, which checks its own). Three rules, in order:
 *
 * 1. What the browser says about where the request comes from must not be another site:
 *    `Sec-Fetch-Site`, when sent, is `same-origin` (or `none`, a request the person made), and
 *    `Origin`, when sent, is this site (the address the request reached, or the site's
 *    configured address). `Origin: null` (a sandboxed or privacy-stripped origin) is refused.
 * 2. A request another site's page cannot make without this site's consent passes on: a JSON
 *    body (`Content-Type: application/json`), or a method other than POST. A browser sends those
 *    across sites only after a CORS preflight, and this site answers none. A client that sends
 *    neither header (curl, a server, an app) is not a browser carrying someone's cookies, so it
 *    is let through on the same grounds: see docs/security.md.
 * 3. Everything else (a form post, multipart, text/plain, no body at all) is what any page can
 *    make a visitor's browser send, so it carries the session's CSRF token, in the
 *    `csrfmiddlewaretoken` field or the `X-CSRFToken` header (the session stack's check).
 *
 * `exempt` lists the paths that prove themselves otherwise (the RFC 8058 one-click unsubscribe:
 * mail providers post it, and its signed token is the proof). `siteOrigin` is the configured
 * address of the request's site (the app hands in the pages module's request-site lookup, so the
 * auth core does not reach into pages).
 */
export function publicCsrf({
  siteOrigin,
  sessions,
  exempt,
}: {
  siteOrigin: (req: Request, res: Response) => Promise<string>;
  sessions: SessionStack;
  exempt: readonly RegExp[];
}): RequestHandler {
  const tokenCheck = Router();
  tokenCheck.use(...sessions.middleware);
  return async function publicCsrfCheck(req: Request, res: Response, next: NextFunction) {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    if (/^\/wagtail(?:\/|$)/i.test(req.path)) return next();
    if (exempt.some((path) => path.test(req.path))) return next();
    try {
      const fetchSite = req.get('Sec-Fetch-Site');
      if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none')
        throw crossSite(`Sec-Fetch-Site: ${fetchSite.slice(0, 20)}`);
      const origin = req.get('Origin');
      if (origin !== undefined && !(await isOwnOrigin(siteOrigin, origin, req, res))) throw crossSite('Origin');
    } catch (error) {
      return next(error);
    }
    if (req.method !== 'POST' || isJson(req)) return next();
    return tokenCheck(req, res, next);
  };
}

const isJson = (req: Request) => /^application\/json\s*(?:;|$)/i.test(req.get('Content-Type') ?? '');

const crossSite = (what: string) =>
  new HttpError(
    403,
    'csrf_failed',
    `This request came from another site (${what}), so it was refused. Use the form on this site.`,
  );

/** scheme://host:port with the scheme's own port written out, or null for anything but http(s). */
function normalOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    return `${url.protocol}//${url.hostname.toLowerCase()}:${port}`;
  } catch {
    return null;
  }
}

async function isOwnOrigin(
  siteOrigin: (req: Request, res: Response) => Promise<string>,
  origin: string,
  req: Request,
  res: Response,
): Promise<boolean> {
  const sent = origin === 'null' ? null : normalOrigin(origin);
  if (!sent) return false;
  const host = requestHost(req);
  if (host.hostname && sent === `${requestScheme(req)}://${host.hostname.toLowerCase()}:${host.port}`) return true;
  // Behind a proxy that rewrites Host or the scheme: the site's own configured address.
  return sent === normalOrigin(await siteOrigin(req, res));
}
