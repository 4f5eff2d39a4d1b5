import type { Db } from '../../../db';
import { notFound } from '../../../errors';
import {
  USER_TEXT_FIELDS,
  userCreateFormSchema,
  userEditFormSchema,
  type UserCreateForm,
} from '../../../../shared/schemas/admin-accounts';
import { formatDateTime } from '../../../../views/admin/format';
import { UserFormScreen, type UserFormValues } from '../../../../views/admin/UserFormScreen';
import { listGroups, userGroupIds } from '../../permissions/groups-service';
import {
  createUser,
  deactivateUser,
  editUser,
  getUserListing,
  listUsers,
  type UserListing,
} from '../../users/manage-service';
import { setFlash } from '../flash';
import { keptText } from '../form-input';
import { defineViewSet } from '../viewsets/definition';
import { superuserPolicy } from '../viewsets/permission-policy';

const USER_FIELDS = [...USER_TEXT_FIELDS, 'password1', 'password2', 'is_active', 'is_superuser', 'groups'] as const;

async function userOrNotFound(db: Db, id: number): Promise<UserListing> {
  const user = await getUserListing(db, id);
  if (!user) throw notFound('The user does not exist.');
  return user;
}

const nameOf = (row: UserListing) => `${row.first_name} ${row.last_name}`.trim();

/**
 * /wagtail/users/ (Wagtail's users viewset): list, add/, {pk}/ and history/{pk}/, and
 * {pk}/deactivate/ (accounts are deactivated, never deleted: their pages keep an owner). Only
 * superusers manage accounts. The form is the model's own: passwords are never echoed, your own
 * account cannot lose its rights, and groups are ticked from a list.
 */
export const usersViewSet = defineViewSet<UserListing, UserCreateForm>({
  app: 'auth',
  model: 'user',
  names: { name: 'user', plural: 'users' },
  base: 'users',
  paths: { edit: ':pk/' },
  permissions: superuserPolicy(['list', 'add', 'edit', 'history']),
  menu: { label: 'Users', order: 1000 },
  title: (row) => row.username,
  columns: [
    { name: 'name', label: 'Name', sortable: true, linksToEdit: true, value: (row) => nameOf(row) || row.username },
    { name: 'username', label: 'Username', sortable: true, value: (row) => row.username },
    { name: 'email', label: 'Email', value: (row) => row.email },
    {
      name: 'access',
      label: 'Access',
      value: (row) => (row.is_superuser ? 'Administrator' : row.group_names.join(', ') || 'No groups'),
    },
    { name: 'status', label: 'Status', value: (row) => (row.is_active ? 'active' : 'inactive') },
    {
      name: 'last_login',
      label: 'Last login',
      sortable: true,
      value: (row) => (row.last_login ? formatDateTime(new Date(row.last_login).toISOString()) : 'Never'),
    },
  ],
  search: { placeholder: 'Name, username or email' },
  defaultOrder: 'username',
  bulkDelete: false,
  store: {
    list: listUsers,
    get: (db, id) => getUserListing(db, id),
    create: async (db, input) => userOrNotFound(db, (await createUser(db, input)).id),
    update: async (db, row, input, actor) => {
      await editUser(db, actor.userId, row.id, input);
      return userOrNotFound(db, row.id);
    },
  },
  customForm: {
    fieldNames: USER_FIELDS,
    values: async (db, row): Promise<UserFormValues> =>
      row
        ? {
            username: row.username,
            email: row.email,
            first_name: row.first_name,
            last_name: row.last_name,
            is_active: row.is_active,
            is_superuser: row.is_superuser,
            groups: (await userGroupIds(db, row.id)).map(String),
          }
        : {
            username: '',
            email: '',
            first_name: '',
            last_name: '',
            is_active: true,
            is_superuser: false,
            groups: [],
          },
    // What was submitted, as the form shows it again (passwords are never echoed).
    kept: async (_db, body): Promise<UserFormValues> => ({
      ...keptText(body, USER_TEXT_FIELDS),
      is_active: body.is_active === 'on',
      is_superuser: body.is_superuser === 'on',
      groups: (Array.isArray(body.groups) ? body.groups : [body.groups]).filter(
        (g): g is string => typeof g === 'string',
      ),
    }),
    // A new account needs a password; on edit it changes only when typed (Wagtail's UserEditForm).
    parse: (body, row) => (row ? userEditFormSchema : userCreateFormSchema).safeParse(body),
    render: async (db, { row, values, actorId, extraActions, ...props }) => (
      <UserFormScreen
        {...props}
        userId={row?.id}
        values={values}
        isSelf={row?.id === actorId}
        deactivateAction={extraActions.deactivate}
        groups={await listGroups(db)}
      />
    ),
  },
  extraRoutes: [
    {
      name: 'deactivate',
      method: 'post',
      path: ':pk/deactivate/',
      permission: 'superuser',
      handle: async ({ db, req, res, pk, actor }) => {
        await deactivateUser(db, actor.userId, pk);
        setFlash(req, 'The user has been deactivated.');
        res.redirect(303, '/wagtail/users/');
      },
    },
  ],
});
