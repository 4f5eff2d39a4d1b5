import express, { type Request, type Response, type Router } from 'express';
import type { Db } from '../../../db';
import { formErrors, noFormErrors, type FormErrors } from '../../../http/validate';
import { accountDetailsFormSchema, passwordChangeFormSchema } from '../../../../shared/schemas/account';
import { AccountScreen, type AccountScreenProps } from '../../../../views/admin/AccountScreen';
import { changeOwnPassword, updateAccountDetails } from '../../account/service';
import { csrfTokenFor } from '../../auth/csrf';
import { setFlash, takeFlash } from '../flash';
import { formBody, keptText, userFacingError } from '../form-input';
import { adminScreen } from '../screen';
import { siteTimeZoneOf } from '../clock';

const DETAIL_FIELDS = ['first_name', 'last_name', 'email', 'preferred_language', 'time_zone'] as const;
const PASSWORD_FIELDS = ['old_password', 'new_password1', 'new_password2'] as const;

/** /wagtail/account/: your own details and password. Mounted behind requireAdmin. */
export function accountRoutes({ db }: { db: Db }): Router {
  const router = express.Router();

  const render = (
    req: Request,
    res: Response,
    details: AccountScreenProps['details'],
    errors: FormErrors & { errorsFor?: AccountScreenProps['errorsFor'] },
    status = 200,
  ) => {
    const element = (
      <AccountScreen
        csrfToken={csrfTokenFor(req)}
        details={details}
        siteTimeZone={siteTimeZoneOf(res)}
        {...errors}
        message={takeFlash(req)}
      />
    );
    adminScreen(req, res, { section: 'account', title: 'Account', element, status });
  };
  const storedDetails = (req: Request) => {
    const u = req.user!;
    return {
      first_name: u.first_name,
      last_name: u.last_name,
      email: u.email,
      preferred_language: u.preferred_language,
      time_zone: u.time_zone ?? '',
    };
  };

  // Permission: admin access (your own account).
  router.get('/account/', (req, res) => render(req, res, storedDetails(req), noFormErrors()));

  // Permission: admin access (your own account).
  router.post('/account/', async (req, res) => {
    const body = formBody(req.body);
    const parsed = accountDetailsFormSchema.safeParse(body);
    if (!parsed.success)
      return render(
        req,
        res,
        keptText(body, DETAIL_FIELDS),
        { ...formErrors(parsed.error, DETAIL_FIELDS), errorsFor: 'details' },
        400,
      );
    await updateAccountDetails(db, req.user!.id, parsed.data);
    setFlash(req, 'Your account details have been updated.');
    res.redirect(303, '/wagtail/account/');
  });

  // Permission: admin access (your own account); the current password is required.
  router.post('/account/change_password/', async (req, res) => {
    const parsed = passwordChangeFormSchema.safeParse(formBody(req.body));
    if (!parsed.success)
      return render(
        req,
        res,
        storedDetails(req),
        { ...formErrors(parsed.error, PASSWORD_FIELDS), errorsFor: 'password' },
        400,
      );
    try {
      await changeOwnPassword(db, req.user!.id, parsed.data.old_password, parsed.data.new_password1, req.sessionID);
    } catch (error) {
      // A wrong current password (400) comes back on the form.
      const shown = userFacingError(error);
      if (shown?.status !== 400) throw error;
      return render(
        req,
        res,
        storedDetails(req),
        { ...formErrors(shown, PASSWORD_FIELDS), errorsFor: 'password' },
        400,
      );
    }
    setFlash(req, 'Your password has been changed.');
    res.redirect(303, '/wagtail/account/');
  });

  return router;
}
