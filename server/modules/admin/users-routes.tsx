import express, { type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import type { Db } from '../../db';
import { badRequest, HttpError, notFound } from '../../errors';
import type { AssetManifest } from '../../ssr/assets';
import { idParamsSchema, USER_TEXT_FIELDS, userCreateFormSchema, userEditFormSchema } from '../../../shared/schemas/admin-accounts';
import { UserFormScreen, type UserFormScreenProps, type UserFormValues } from '../../../views/admin/UserFormScreen';
import { UsersScreen } from '../../../views/admin/UsersScreen';
import { csrfTokenFor } from '../auth/csrf';
import { listGroups, listUserGroupIds } from '../permissions/groups-repo';
import { findUserById } from '../users/repo';
import { countUsers, listUsers } from '../users/manage-repo';
import { createUser, deactivateUser, editUser } from '../users/manage-service';
import { setFlash, takeFlash } from './flash';
import { formBody, formErrorsOf, keptText, noErrors, type FormErrors } from './form-errors';
import { renderAdmin } from './render';
import { settingsScreen } from './settings-screens';
import { requireSuperuser } from './superuser-guard';

const USERS_PER_PAGE = 50;
const listQuerySchema = z.object({
  q: z.string().trim().max(255).default(''),
  p: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
const USER_FIELDS = [...USER_TEXT_FIELDS, 'password1', 'password2', 'is_active', 'is_superuser', 'groups'] as const;

/** /wagtail/users/: list, add, edit and deactivate staff accounts. Mounted behind requireAdmin. */
export function usersRoutes({ db, assets }: { db: Db; assets: AssetManifest }): Router {
  const router = express.Router();
  const chrome = (req: Request) => ({ user: req.user!, csrfToken: csrfTokenFor(req) });
  const userIdOf = (req: Request) => {
    const params = idParamsSchema.safeParse(req.params);
    if (!params.success) throw badRequest('The user id is not valid.', { id: ['Enter a whole number.'] });
    return params.data.id;
  };

  const renderForm = async (req: Request, res: Response, props: Pick<UserFormScreenProps, 'userId' | 'values'>, errors: FormErrors, status = 200) => {
    const groups = await listGroups(db);
    const title = props.userId === undefined ? 'Add user' : `Editing ${props.values.username}`;
    const element = (
      <UserFormScreen {...props} {...errors} csrfToken={csrfTokenFor(req)} isSelf={props.userId === req.user!.id} groups={groups} message={takeFlash(req)} />
    );
    renderAdmin(res, assets, settingsScreen(chrome(req), 'users', title, element), status);
  };

  /** The submitted values as the form shows them again (passwords are never echoed). */
  const keptValues = (body: Record<string, unknown>): UserFormValues => ({
    ...keptText(body, USER_TEXT_FIELDS),
    is_active: body.is_active === 'on',
    is_superuser: body.is_superuser === 'on',
    groups: (Array.isArray(body.groups) ? body.groups : [body.groups]).filter((g): g is string => typeof g === 'string'),
  });

  /** A 400 from the service becomes field errors on the redisplayed form; anything else propagates. */
  const serviceErrors = (error: unknown): FormErrors => {
    if (!(error instanceof HttpError) || error.status !== 400) throw error;
    const fieldErrors: Record<string, string> = {};
    for (const [name, messages] of Object.entries(error.fields ?? {})) if (messages[0]) fieldErrors[name] = messages[0];
    return { fieldErrors, nonFieldErrors: error.fields ? [] : [error.message] };
  };

  router.use('/users', requireSuperuser);

  // Permission: superuser.
  router.get('/users/', async (req, res) => {
    const query = listQuerySchema.safeParse(req.query);
    if (!query.success) throw badRequest('The search is not valid.', { q: ['Enter at most 255 characters.'] });
    const { q, p } = query.data;
    const total = await countUsers(db, q || undefined);
    const pageCount = Math.max(1, Math.ceil(total / USERS_PER_PAGE));
    const page = Math.min(p, pageCount);
    const users = await listUsers(db, { limit: USERS_PER_PAGE, offset: (page - 1) * USERS_PER_PAGE, search: q || undefined });
    const rows = users.map((u) => ({
      id: u.id,
      username: u.username,
      name: `${u.first_name} ${u.last_name}`.trim(),
      email: u.email,
      isSuperuser: u.is_superuser,
      isActive: u.is_active,
      groups: u.group_names,
      lastLogin: u.last_login ? new Date(u.last_login).toISOString() : null,
    }));
    const element = <UsersScreen rows={rows} search={q} pagination={{ page, pageCount, total }} message={takeFlash(req)} />;
    renderAdmin(res, assets, settingsScreen(chrome(req), 'users', 'Users', element));
  });

  // Permission: superuser.
  router.get('/users/add/', async (req, res) => {
    const values: UserFormValues = { username: '', email: '', first_name: '', last_name: '', is_active: true, is_superuser: false, groups: [] };
    await renderForm(req, res, { values }, noErrors());
  });

  // Permission: superuser.
  router.post('/users/add/', async (req, res) => {
    const body = formBody(req.body);
    const parsed = userCreateFormSchema.safeParse(body);
    if (!parsed.success) return renderForm(req, res, { values: keptValues(body) }, formErrorsOf(parsed.error, USER_FIELDS), 400);
    try {
      const user = await createUser(db, parsed.data);
      setFlash(req, `User '${user.username}' created.`);
      res.redirect(303, '/wagtail/users/');
    } catch (error) {
      await renderForm(req, res, { values: keptValues(body) }, serviceErrors(error), 400);
    }
  });

  // Permission: superuser.
  router.get('/users/:id/', async (req, res) => {
    const user = await findUserById(db, userIdOf(req));
    if (!user) throw notFound('The user does not exist.');
    const groups = await listUserGroupIds(db, user.id);
    const values: UserFormValues = {
      username: user.username,
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      is_active: user.is_active,
      is_superuser: user.is_superuser,
      groups: groups.map(String),
    };
    await renderForm(req, res, { userId: user.id, values }, noErrors());
  });

  // Permission: superuser.
  router.post('/users/:id/', async (req, res) => {
    const id = userIdOf(req);
    if (!(await findUserById(db, id))) throw notFound('The user does not exist.');
    const body = formBody(req.body);
    const parsed = userEditFormSchema.safeParse(body);
    if (!parsed.success) return renderForm(req, res, { userId: id, values: keptValues(body) }, formErrorsOf(parsed.error, USER_FIELDS), 400);
    try {
      await editUser(db, req.user!.id, id, parsed.data);
      setFlash(req, `User '${parsed.data.username}' updated.`);
      res.redirect(303, '/wagtail/users/');
    } catch (error) {
      await renderForm(req, res, { userId: id, values: keptValues(body) }, serviceErrors(error), 400);
    }
  });

  // Permission: superuser; never your own account.
  router.post('/users/:id/deactivate/', async (req, res) => {
    const id = userIdOf(req);
    await deactivateUser(db, req.user!.id, id);
    setFlash(req, 'The user has been deactivated.');
    res.redirect(303, '/wagtail/users/');
  });

  return router;
}
