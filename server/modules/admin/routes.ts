import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Db } from '../../db';
import type { AssetManifest } from '../../ssr/assets';
import { loginFormSchema } from '../../../shared/schemas/admin';
import type { LoginScreenProps } from '../../../views/admin/LoginScreen';
import { csrfTokenFor } from '../auth/csrf';
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

// Wagtail's wording: one message whether the username or the password was wrong.
export const INVALID_LOGIN = "Your username and password didn't match. Please try again.";
export const RATE_LIMITED_LOGIN = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';

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
    const body: Record<string, unknown> = typeof req.body === 'object' && req.body !== null ? req.body : {};
    const nextPath = safeNextPath(body.next);
    const username = typeof body.username === 'string' ? body.username.slice(0, 150) : '';
    const parsed = loginFormSchema.safeParse(body);
    if (!parsed.success) {
      const fieldErrors: LoginScreenProps['fieldErrors'] = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'username' || field === 'password') && !fieldErrors[field]) fieldErrors[field] = issue.message;
      }
      return renderLogin(req, res, { next: nextPath, username, fieldErrors }, 400);
    }
    sessions.authenticator.authenticate('local', (error: unknown, user: Express.User | false, info?: { message?: string }) => {
      if (error) return next(error);
      if (!user) {
        const limited = info?.message === 'rate_limited';
        const formError = limited ? RATE_LIMITED_LOGIN : INVALID_LOGIN;
        return renderLogin(req, res, { next: nextPath, username, fieldErrors: {}, formError }, limited ? 429 : 200);
      }
      // passport regenerates the session id here, so a planted session cookie is worthless.
      req.logIn(user, (loginError) => (loginError ? next(loginError) : res.redirect(303, nextPath)));
    })(req, res, next);
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
