import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { LoginScreen, type LoginScreenProps } from '../../../../views/admin/LoginScreen';
import { csrfTokenFor } from '../../auth/csrf';
import { handleLoginPost } from '../../auth/login-form';
import { SESSION_COOKIE, type SessionStack } from '../../auth/session-middleware';
import { STAFF_HINT_COOKIE } from '../../../../shared/admin/staff-hint';
import { safeNextPath } from '../next-url';
import { adminScreen } from '../screen';

/** Sign in and sign out (Wagtail's /admin/login/ and /admin/logout/), mounted before requireAdmin. */
export function loginRoutes({ sessions }: { sessions: SessionStack }): Router {
  const router = express.Router();

  const renderLogin = (req: Request, res: Response, props: Omit<LoginScreenProps, 'csrfToken'>, status = 200) =>
    adminScreen(req, res, {
      title: 'Sign in',
      element: <LoginScreen {...props} csrfToken={csrfTokenFor(req)} />,
      status,
    });

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
      fail: ({ username, fieldErrors, formError }, status) =>
        renderLogin(req, res, { next: nextPath, username, fieldErrors, formError }, status),
      // passport regenerated the session id, so a planted session cookie is worthless.
      succeed: () => {
        // Tells the public pages' userbar loader to ask whether this browser is staff.
        res.cookie(STAFF_HINT_COOKIE, '1', { path: '/', sameSite: 'lax', secure: req.secure });
        res.redirect(303, nextPath);
      },
    });
  });

  // Permission: CSRF token only (logging out an anonymous session is harmless).
  router.post('/logout/', (req, res, next) => {
    req.logout((logoutError) => {
      if (logoutError) return next(logoutError);
      req.session.destroy((destroyError) => {
        if (destroyError) return next(destroyError);
        res.clearCookie(SESSION_COOKIE, { path: '/' });
        res.clearCookie(STAFF_HINT_COOKIE, { path: '/' });
        res.redirect(303, '/wagtail/login/');
      });
    });
  });

  return router;
}
