import express, { type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import type { Db } from '../../../db';
import { formErrors, noFormErrors, parseOr400, type FormErrors } from '../../../http/validate';
import {
  idParamsSchema,
  USER_TEXT_FIELDS,
  userCreateFormSchema,
  userEditFormSchema,
} from '../../../../shared/schemas/admin-accounts';
import { UserFormScreen, type UserFormScreenProps, type UserFormValues } from '../../../../views/admin/UserFormScreen';
import { UsersScreen } from '../../../../views/admin/UsersScreen';
import { csrfTokenFor } from '../../auth/csrf';
import { listGroups, userGroupIds } from '../../permissions/groups-service';
import { createUser, deactivateUser, editUser, getUser, listUsersPage } from '../../users/manage-service';
import { setFlash, takeFlash } from '../flash';
import { formBody, keptText, userFacingError } from '../form-input';
import { requireSuperuser } from '../../auth/admin-guard';
import { adminScreen } from '../screen';

const USERS_PER_PAGE = 50;
const listQuerySchema = z.object({
  q: z.string().trim().max(255, 'Enter at most 255 characters.').default(''),
  p: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
const USER_FIELDS = [...USER_TEXT_FIELDS, 'password1', 'password2', 'is_active', 'is_superuser', 'groups'] as const;

/** /wagtail/users/: list, add, edit and deactivate staff accounts. Mounted behind requireAdmin. */
export function usersRoutes({ db }: { db: Db }): Router {
  const router = express.Router();
  const userIdOf = (req: Request) => parseOr400(idParamsSchema, req.params, 'user id').id;

  const renderForm = async (
    req: Request,
    res: Response,
    props: Pick<UserFormScreenProps, 'userId' | 'values'>,
    errors: FormErrors,
    status = 200,
  ) => {
    const groups = await listGroups(db);
    const title = props.userId === undefined ? 'Add user' : `Editing ${props.values.username}`;
    const element = (
      <UserFormScreen
        {...props}
        {...errors}
        csrfToken={csrfTokenFor(req)}
        isSelf={props.userId === req.user!.id}
        groups={groups}
        message={takeFlash(req)}
      />
    );
    adminScreen(req, res, { section: 'users', title, element, status });
  };

  /** The submitted values as the form shows them again (passwords are never echoed). */
  const keptValues = (body: Record<string, unknown>): UserFormValues => ({
    ...keptText(body, USER_TEXT_FIELDS),
    is_active: body.is_active === 'on',
    is_superuser: body.is_superuser === 'on',
    groups: (Array.isArray(body.groups) ? body.groups : [body.groups]).filter(
      (g): g is string => typeof g === 'string',
    ),
  });

  /** A refusal from the service (400: a taken username, your own rights) redisplays the form; anything else propagates. */
  const redisplay = async (
    req: Request,
    res: Response,
    props: Pick<UserFormScreenProps, 'userId' | 'values'>,
    error: unknown,
  ) => {
    const shown = userFacingError(error);
    if (shown?.status !== 400) throw error;
    await renderForm(req, res, props, formErrors(shown, USER_FIELDS), 400);
  };

  router.use('/users', requireSuperuser);

  // Permission: superuser.
  router.get('/users/', async (req, res) => {
    const { q, p } = parseOr400(listQuerySchema, req.query, 'search');
    const { users, page, pageCount, total } = await listUsersPage(db, { search: q, page: p, perPage: USERS_PER_PAGE });
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
    const element = (
      <UsersScreen rows={rows} search={q} pagination={{ page, pageCount, total }} message={takeFlash(req)} />
    );
    adminScreen(req, res, { section: 'users', title: 'Users', element });
  });

  // Permission: superuser.
  router.get('/users/add/', async (req, res) => {
    const values: UserFormValues = {
      username: '',
      email: '',
      first_name: '',
      last_name: '',
      is_active: true,
      is_superuser: false,
      groups: [],
    };
    await renderForm(req, res, { values }, noFormErrors());
  });

  // Permission: superuser.
  router.post('/users/add/', async (req, res) => {
    const body = formBody(req.body);
    const parsed = userCreateFormSchema.safeParse(body);
    if (!parsed.success)
      return renderForm(req, res, { values: keptValues(body) }, formErrors(parsed.error, USER_FIELDS), 400);
    try {
      const user = await createUser(db, parsed.data);
      setFlash(req, `User '${user.username}' created.`);
      res.redirect(303, '/wagtail/users/');
    } catch (error) {
      await redisplay(req, res, { values: keptValues(body) }, error);
    }
  });

  // Permission: superuser.
  router.get('/users/:id/', async (req, res) => {
    const user = await getUser(db, userIdOf(req));
    const groups = await userGroupIds(db, user.id);
    const values: UserFormValues = {
      username: user.username,
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      is_active: user.is_active,
      is_superuser: user.is_superuser,
      groups: groups.map(String),
    };
    await renderForm(req, res, { userId: user.id, values }, noFormErrors());
  });

  // Permission: superuser.
  router.post('/users/:id/', async (req, res) => {
    const { id } = await getUser(db, userIdOf(req));
    const body = formBody(req.body);
    const parsed = userEditFormSchema.safeParse(body);
    if (!parsed.success)
      return renderForm(req, res, { userId: id, values: keptValues(body) }, formErrors(parsed.error, USER_FIELDS), 400);
    try {
      await editUser(db, req.user!.id, id, parsed.data);
      setFlash(req, `User '${parsed.data.username}' updated.`);
      res.redirect(303, '/wagtail/users/');
    } catch (error) {
      await redisplay(req, res, { userId: id, values: keptValues(body) }, error);
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
