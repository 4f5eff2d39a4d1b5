import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Db } from '../../db';
import type { AssetManifest } from '../../ssr/assets';
import type { LoginScreenProps } from '../../../views/admin/LoginScreen';
import { csrfTokenFor } from '../auth/csrf';
import { handleLoginPost } from '../auth/login-form';
import { SESSION_COOKIE, type SessionStack } from '../auth/session-middleware';
import { editRoutes } from './edit-routes';
import { autosaveRoutes } from './autosave-routes';
import { editingSessionRoutes } from '../editing-sessions/routes';
import { usersRoutes } from './users-routes';
import { groupsRoutes } from './groups-routes';
import { sitesRoutes } from './sites-routes';
import { accountRoutes } from './account-routes';
import { apiRoutes } from './api-routes';
import { passwordResetRoutes } from './password-reset-routes';
import type { Mailer } from '../mail/mailer';
import { pageActionRoutes } from './page-actions-routes';
import { revisionRoutes } from './revisions-routes';
import { previewRoutes } from './preview-routes';
import { privacyRoutes } from './privacy-routes';
import { workflowRoutes } from './workflow-routes';
import { takeFlash } from './flash';
import type { RenderDeps } from '../../ssr/render';
import type { Logger } from '../../logger';
import { dashboard } from './explorer-service';
import { explorerRoutes } from './explorer-routes';
import { requireAdmin } from './guard';
import { permissionsFor } from '../permissions/request';
import { safeNextPath } from './next-url';
import { renderAdmin } from './render';
import { dashboardScreen, loginScreen } from './screens';

export type AdminDeps = { db: Db; assets: AssetManifest; sessions: SessionStack; mailer: Mailer; renderDeps: RenderDeps; logger: Logger };

export { INVALID_LOGIN, RATE_LIMITED_LOGIN } from '../auth/login-form';

/** The back office under /wagtail/: sessions, login and CSRF are mounted here, not on public pages. */
export function adminRoutes({ db, assets, sessions, mailer, renderDeps, logger }: AdminDeps): Router {
  const router = express.Router();
  router.use(...sessions.middleware);

  const renderLogin = (req: Request, res: Response, props: Omit<LoginScreenProps, 'csrfToken'>, status = 200) =>
    renderAdmin(res, assets, loginScreen({ ...props, csrfToken: csrfTokenFor(req) }), status);
  const chrome = (req: Request) => ({ user: req.user!, csrfToken: csrfTokenFor(req) });

  // Permission: anyone (it is the way in).
  router.get('/login/', (req, res) => {
    const next = safeNextPath(req.query.next);
    if (req.user) return res.redirect(302, next);
    renderLogin(req, res, { next, username: '', fieldErrors: {} });
  });

  // Permission: anyone; rate-limited per account and per address in the auth service.
  router.post('/login/', (req: Request, res: Response, next: NextFunction) => {
    const nextPath = safeNextPath(req.body?.next);
    handleLoginPost(sessions, req, res, next, {
      fail: ({ username, fieldErrors, formError }, status) => renderLogin(req, res, { next: nextPath, username, fieldErrors, formError }, status),
      // passport regenerated the session id, so a planted session cookie is worthless.
      succeed: () => res.redirect(303, nextPath),
    });
  });

  // Permission: CSRF token only (logging out an anonymous session is harmless).
  router.post('/logout/', (req, res, next) => {
    req.logout((logoutError) => {
      if (logoutError) return next(logoutError);
      req.session.destroy((destroyError) => {
        if (destroyError) return next(destroyError);
        res.clearCookie(SESSION_COOKIE, { path: '/' });
        res.redirect(303, '/wagtail/login/');
      });
    });
  });

  router.use(passwordResetRoutes({ db, assets, mailer }));

  router.use(requireAdmin(db));

  // Permission: admin access.
  router.get('/', async (req, res) => {
    const view = await dashboard(db, req.user!.id, await permissionsFor(db, req));
    renderAdmin(res, assets, dashboardScreen(chrome(req), { ...view, message: takeFlash(req) }));
  });

  // The explorer, page search and set_position (search before /pages/:id/).
  router.use(explorerRoutes({ db, assets }));
  router.use(editRoutes({ db, assets }));
  router.use(autosaveRoutes({ db }));
  router.use(editingSessionRoutes({ db }));
  router.use(usersRoutes({ db, assets }));
  router.use(groupsRoutes({ db, assets }));
  router.use(sitesRoutes({ db, assets }));
  router.use(accountRoutes({ db, assets }));
  router.use(apiRoutes({ db }));
  router.use(pageActionRoutes({ db, assets }));
  router.use(revisionRoutes({ db, assets }));
  router.use(previewRoutes({ db, assets, renderDeps, logger }));
  router.use(privacyRoutes({ db, assets }));
  router.use(workflowRoutes({ db, assets }));

  return router;
}
