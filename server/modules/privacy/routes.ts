import { displayName } from '../users/display-name';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Db } from '../../db';
import { notFound } from '../../errors';
import { formErrors } from '../../http/validate';
import type { AssetManifest } from '../../ssr/assets';
import { authenticateWithPasswordParams, viewPasswordFormSchema } from '../../../shared/schemas/privacy';
import type { PublicLoginProps } from '../../../views/restricted/PublicLoginPage';
import { clientAddress } from '../../http/client-address';
import { safeRedirectPath } from '../../http/safe-redirect';
import { handleLoginPost } from '../auth/login-form';
import { csrfTokenFor } from '../auth/csrf';
import type { SessionStack } from '../auth/session-middleware';
import { publicChromeFor, renderPasswordRequired, renderPublicLogin } from './render';
import { checkRestrictionPassword, passwordRestrictionFor } from './service';
import { markRestrictionPassed, passwordFormUrl } from './session';

// Wagtail's wording (PasswordViewRestrictionForm.clean_password).
export const WRONG_VIEW_PASSWORD = 'The password you have entered is not correct. Please try again.';
export const RATE_LIMITED_VIEW_PASSWORD = 'Too many wrong passwords. Please wait 15 minutes and try again.';

const bodyOf = (req: Request): Record<string, unknown> =>
  typeof req.body === 'object' && req.body !== null ? req.body : {};

/**
 * /_util/: the public side of page privacy (spec section 2). The session stack is mounted here as
 * under /wagtail, so the login and the passwords given live in the same database-backed session.
 * Permission: public (these are the ways in).
 */
export function privacyUtilRoutes({
  db,
  sessions,
  assets,
}: {
  db: Db;
  sessions: SessionStack;
  assets: AssetManifest;
}): Router {
  const router = express.Router();
  router.use(...sessions.middleware);

  /** The password restriction named in the URL, when it covers the page named there; else 404. */
  const passwordContext = async (req: Request) => {
    const params = authenticateWithPasswordParams.safeParse(req.params);
    if (!params.success) throw notFound('The page does not exist.');
    const found = await passwordRestrictionFor(db, params.data.page_id, params.data.restriction_id);
    if (!found) throw notFound('The page does not exist.');
    const { page, restriction } = found;
    return { page, restriction, action: passwordFormUrl(restriction.id, page.id) };
  };

  const renderPasswordForm = async (
    req: Request,
    res: Response,
    action: string,
    returnUrl: string,
    error?: string,
    status = 200,
  ) =>
    renderPasswordRequired(
      res,
      assets,
      await publicChromeFor(db, req, res, returnUrl),
      { action, returnUrl, csrfToken: csrfTokenFor(req), error },
      status,
    );

  router.get('/authenticate_with_password/:restriction_id/:page_id/', async (req, res) => {
    const { action } = await passwordContext(req);
    await renderPasswordForm(req, res, action, safeRedirectPath(req.query.return_url, '/'));
  });

  router.post('/authenticate_with_password/:restriction_id/:page_id/', async (req, res) => {
    const { restriction, action } = await passwordContext(req);
    const body = bodyOf(req);
    // Only a path on this site: anything else (another host, '//host', a scheme) goes home.
    const returnUrl = safeRedirectPath(body.return_url, '/');
    const parsed = viewPasswordFormSchema.safeParse(body);
    if (!parsed.success) {
      const { fieldErrors, nonFieldErrors } = formErrors(parsed.error, ['password']);
      return renderPasswordForm(
        req,
        res,
        action,
        returnUrl,
        fieldErrors.password ?? nonFieldErrors[0] ?? WRONG_VIEW_PASSWORD,
        400,
      );
    }
    const check = await checkRestrictionPassword(db, restriction, parsed.data.password, clientAddress(req));
    if (check.result === 'rate_limited') {
      res.setHeader('Retry-After', String(check.retryAfterSeconds));
      return renderPasswordForm(req, res, action, returnUrl, RATE_LIMITED_VIEW_PASSWORD, 429);
    }
    if (check.result === 'wrong') return renderPasswordForm(req, res, action, returnUrl, WRONG_VIEW_PASSWORD);
    markRestrictionPassed(req, restriction.id);
    res.setHeader('Cache-Control', 'private, no-store');
    res.redirect(303, returnUrl);
  });

  const renderLogin = async (
    req: Request,
    res: Response,
    props: Omit<PublicLoginProps, 't' | 'csrfToken' | 'signedInAs'>,
    status = 200,
  ) =>
    renderPublicLogin(
      res,
      assets,
      await publicChromeFor(db, req, res, props.next),
      {
        ...props,
        csrfToken: csrfTokenFor(req),
        signedInAs: req.user ? (displayName(req.user) ?? req.user.username) : undefined,
      },
      status,
    );

  // The form shows even to someone signed in: their account may lack the group the page needs.
  router.get('/login/', async (req, res) => {
    await renderLogin(req, res, { next: safeRedirectPath(req.query.next, '/'), username: '', fieldErrors: {} });
  });

  // Rate-limited per account and per address in the auth service, as the back-office login.
  router.post('/login/', (req: Request, res: Response, next: NextFunction) => {
    const nextPath = safeRedirectPath(bodyOf(req).next, '/');
    handleLoginPost(sessions, req, res, next, {
      fail: ({ username, fieldErrors, formError }, status) =>
        renderLogin(req, res, { next: nextPath, username, fieldErrors, formError }, status),
      succeed: () => res.redirect(303, nextPath),
      // The session id changes at login; the shared passwords given so far go with the visitor.
      carry: (from, to) => {
        if (from.passedViewRestrictions) to.passedViewRestrictions = from.passedViewRestrictions;
        if (from.passedCollectionViewRestrictions)
          to.passedCollectionViewRestrictions = from.passedCollectionViewRestrictions;
      },
    });
  });

  return router;
}
