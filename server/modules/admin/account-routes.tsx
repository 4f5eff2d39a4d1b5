import express, { type Request, type Response, type Router } from 'express';
import type { Db } from '../../db';
import { HttpError } from '../../errors';
import type { AssetManifest } from '../../ssr/assets';
import { accountDetailsFormSchema, passwordChangeFormSchema } from '../../../shared/schemas/account';
import { AccountScreen, type AccountScreenProps } from '../../../views/admin/AccountScreen';
import { changeOwnPassword, updateAccountDetails } from '../account/service';
import { csrfTokenFor } from '../auth/csrf';
import { setFlash, takeFlash } from './flash';
import { formBody, formErrorsOf, keptText, noErrors, type FormErrors } from './form-errors';
import { renderAdmin } from './render';
import { settingsScreen } from './settings-screens';

const DETAIL_FIELDS = ['first_name', 'last_name', 'email', 'preferred_language'] as const;
const PASSWORD_FIELDS = ['old_password', 'new_password1', 'new_password2'] as const;

/** /wagtail/account/: your own details and password. Mounted behind requireAdmin. */
export function accountRoutes({ db, assets }: { db: Db; assets: AssetManifest }): Router {
  const router = express.Router();

  const render = (req: Request, res: Response, details: AccountScreenProps['details'], errors: FormErrors & { errorsFor?: AccountScreenProps['errorsFor'] }, status = 200) => {
    const element = <AccountScreen csrfToken={csrfTokenFor(req)} details={details} {...errors} message={takeFlash(req)} />;
    renderAdmin(res, assets, settingsScreen({ user: req.user!, csrfToken: csrfTokenFor(req) }, 'account', 'Account', element), status);
  };
  const storedDetails = (req: Request) => {
    const u = req.user!;
    return { first_name: u.first_name, last_name: u.last_name, email: u.email, preferred_language: u.preferred_language };
  };

  // Permission: admin access (your own account).
  router.get('/account/', (req, res) => render(req, res, storedDetails(req), noErrors()));

  // Permission: admin access (your own account).
  router.post('/account/', async (req, res) => {
    const body = formBody(req.body);
    const parsed = accountDetailsFormSchema.safeParse(body);
    if (!parsed.success) return render(req, res, keptText(body, DETAIL_FIELDS), { ...formErrorsOf(parsed.error, DETAIL_FIELDS), errorsFor: 'details' }, 400);
    await updateAccountDetails(db, req.user!.id, parsed.data);
    setFlash(req, 'Your account details have been updated.');
    res.redirect(303, '/wagtail/account/');
  });

  // Permission: admin access (your own account); the current password is required.
  router.post('/account/change_password/', async (req, res) => {
    const parsed = passwordChangeFormSchema.safeParse(formBody(req.body));
    if (!parsed.success) return render(req, res, storedDetails(req), { ...formErrorsOf(parsed.error, PASSWORD_FIELDS), errorsFor: 'password' }, 400);
    try {
      await changeOwnPassword(db, req.user!.id, parsed.data.old_password, parsed.data.new_password1, req.sessionID);
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 400) throw error;
      const fieldErrors = Object.fromEntries(Object.entries(error.fields ?? {}).map(([k, v]) => [k, v[0] ?? error.message]));
      return render(req, res, storedDetails(req), { fieldErrors, nonFieldErrors: [], errorsFor: 'password' }, 400);
    }
    setFlash(req, 'Your password has been changed.');
    res.redirect(303, '/wagtail/account/');
  });

  return router;
}
