import type { Db } from '../../db';
import type { AssetManifest } from '../../ssr/assets';
import { csrfTokenFor } from '../auth/csrf';
import type { SessionStack } from '../auth/session-middleware';
import type { PageGate } from '../pages/routes';
import { publicPath } from '../pages/site-tree';
import { renderPasswordRequired } from './render';
import { listRestrictionsCoveringPage } from './repo';
import { tableMemoFor } from '../../cache/table-memo';
import { checkViewAccess } from './service';
import { loginUrl, passedRestrictionIds, passwordFormUrl, runMiddleware } from './session';

/** The page gate the public page route asks (pages/routes.ts declares it; privacy implements it). */
export type ViewGate = PageGate;

/** What the gate reads of a resolved page (a RedirectPage passes it too, before redirecting). */
export type GatedPage = Parameters<PageGate>[2];

/**
 * Page privacy on the public side (Wagtail's check_view_restrictions hook). Unrestricted pages pay
 * one query and get no session, so they still set no cookie and stay cacheable; restricted ones
 * run the session stack (to read the visitor's login and passwords) and are never cached.
 */
export function createViewGate(db: Db, sessions: SessionStack, assets: AssetManifest): ViewGate {
  return async (req, res, resolved) => {
    // The not-found page (and pages with no row) answer whatever lies under them.
    if (!resolved.page.id || resolved.status !== 200) return true;
    const restrictions = await tableMemoFor(db).read(
      `restrictions ${resolved.page.id}`,
      ['pages', 'page_view_restrictions'],
      () => listRestrictionsCoveringPage(db, resolved.page.id),
    );
    if (restrictions.length === 0) return true;
    await runMiddleware(sessions.middleware, req, res);
    res.setHeader('Cache-Control', 'private, no-store');
    const user = req.user;
    const decision = await checkViewAccess(db, restrictions, {
      user: user ? { id: user.id, is_superuser: user.is_superuser } : undefined,
      passedRestrictionIds: passedRestrictionIds(req),
    });
    if (decision.ok) return true;
    if (decision.need === 'login') {
      res.redirect(302, loginUrl(req.originalUrl));
      return false;
    }
    const chrome = {
      languageCode: resolved.root.languageCode,
      siteName: resolved.tree.site.site_name,
      homeUrl: publicPath(resolved.tree, resolved.root.page) ?? '/',
    };
    renderPasswordRequired(res, assets, chrome, {
      action: passwordFormUrl(decision.restriction.id, resolved.page.id),
      returnUrl: req.originalUrl,
      csrfToken: csrfTokenFor(req),
    });
    return false;
  };
}
