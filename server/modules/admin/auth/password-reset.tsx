import express, { type Request, type Response, type Router } from 'express';
import type { ReactElement } from 'react';
import type { Db } from '../../../db';
import { formErrors } from '../../../http/validate';
import {
  passwordResetRequestSchema,
  resetConfirmParamsSchema,
  setPasswordFormSchema,
} from '../../../../shared/schemas/account';
import {
  InvalidResetLinkScreen,
  PasswordResetCompleteScreen,
  PasswordResetDoneScreen,
  PasswordResetRequestScreen,
  SetPasswordScreen,
} from '../../../../views/admin/PasswordResetScreens';
import { completePasswordReset, requestPasswordReset, resetLinkIsValid } from '../../account/reset-service';
import { csrfTokenFor } from '../../auth/csrf';
import type { Mailer } from '../../mail/mailer';
import { formBody } from '../form-input';
import { adminScreen } from '../screen';
import { publicOrigin } from './public-origin';

/**
 * Password reset, open to anyone (mounted before requireAdmin): request, done, confirm with a
 * single-use expiring token, complete (Django's four views and URLs, as Wagtail uses them).
 */
export function passwordResetRoutes({ db, mailer }: { db: Db; mailer: Mailer }): Router {
  const router = express.Router();
  // Outside the shell: whoever resets a password is not signed in.
  const page = (req: Request, res: Response, title: string, element: ReactElement, status = 200) =>
    adminScreen(req, res, { title, element, status });

  // Permission: anyone.
  router.get('/password_reset/', (req, res) => {
    page(req, res, 'Reset your password', <PasswordResetRequestScreen csrfToken={csrfTokenFor(req)} email="" />);
  });

  // Permission: anyone. The answer is the same whether or not the address has an account.
  router.post('/password_reset/', async (req, res) => {
    const body = formBody(req.body);
    const parsed = passwordResetRequestSchema.safeParse(body);
    if (!parsed.success) {
      const email = typeof body.email === 'string' ? body.email.slice(0, 254) : '';
      const error = formErrors(parsed.error, ['email']).fieldErrors.email;
      return page(
        req,
        res,
        'Reset your password',
        <PasswordResetRequestScreen csrfToken={csrfTokenFor(req)} email={email} error={error} />,
        400,
      );
    }
    const origin = await publicOrigin(db, req, res);
    res.redirect(303, '/wagtail/password_reset/done/');
    // After answering: an address with an account must not take longer than one without.
    requestPasswordReset(db, mailer, parsed.data.email, origin).catch((error: unknown) =>
      req.log.error({ err: error }, 'password reset e-mail failed'),
    );
  });

  // Permission: anyone.
  router.get('/password_reset/done/', (req, res) => page(req, res, 'Check your email', <PasswordResetDoneScreen />));

  const confirmParams = (req: Request) => {
    const parsed = resetConfirmParamsSchema.safeParse(req.params);
    return parsed.success ? parsed.data : undefined;
  };
  const invalidLink = (req: Request, res: Response) =>
    page(req, res, 'This link does not work', <InvalidResetLinkScreen />, 400);

  // Permission: anyone holding a valid link.
  router.get('/password_reset/confirm/:uidb64/:token/', async (req, res) => {
    const params = confirmParams(req);
    if (!params || !(await resetLinkIsValid(db, params.uidb64, params.token))) return invalidLink(req, res);
    page(
      req,
      res,
      'Set your new password',
      <SetPasswordScreen csrfToken={csrfTokenFor(req)} action={req.originalUrl.split('?')[0]!} fieldErrors={{}} />,
    );
  });

  // Permission: anyone holding a valid link; the link is spent by a successful reset.
  router.post('/password_reset/confirm/:uidb64/:token/', async (req, res) => {
    const params = confirmParams(req);
    if (!params || !(await resetLinkIsValid(db, params.uidb64, params.token))) return invalidLink(req, res);
    const parsed = setPasswordFormSchema.safeParse(formBody(req.body));
    if (!parsed.success) {
      const { fieldErrors } = formErrors(parsed.error, ['new_password1', 'new_password2']);
      return page(
        req,
        res,
        'Set your new password',
        <SetPasswordScreen
          csrfToken={csrfTokenFor(req)}
          action={req.originalUrl.split('?')[0]!}
          fieldErrors={fieldErrors}
        />,
        400,
      );
    }
    if (!(await completePasswordReset(db, params.uidb64, params.token, parsed.data.new_password1)))
      return invalidLink(req, res);
    res.redirect(303, '/wagtail/password_reset/complete/');
  });

  // Permission: anyone.
  router.get('/password_reset/complete/', (req, res) =>
    page(req, res, 'Password changed', <PasswordResetCompleteScreen />),
  );

  return router;
}
