import type { Db } from '../../../db';
import { notFound } from '../../../errors';
import { groupFormInput, groupFormSchema, type GroupForm } from '../../../../shared/schemas/admin-accounts';
import { GroupFormScreen, type GroupFormValues } from '../../../../views/admin/GroupFormScreen';
import type { PermissionModel } from '../../../../views/admin/GroupObjectPermissions';
import { collectionChoices } from '../../collections/service';
import {
  collectionNames,
  createGroup,
  editGroup,
  getGroupListing,
  groupCollectionRows,
  groupModelPermissions,
  groupPermissionRows,
  listGroupsPage,
  chosenPages,
  pageTitles,
  type GroupListing,
} from '../../permissions/groups-service';
import { defineViewSet } from '../viewsets/definition';
import { superuserPolicy } from '../viewsets/permission-policy';

const GROUP_FIELDS = [
  'name',
  'can_access_admin',
  'new_page',
  'new_permissions',
  'model_permissions',
  'new_collection',
  'new_collection_permissions',
] as const;

const strings = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
const ids = (keys: string[]) =>
  keys.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);

async function groupOrNotFound(db: Db, id: number): Promise<GroupListing> {
  const group = await getGroupListing(db, id);
  if (!group) throw notFound('The group does not exist.');
  return group;
}

/** What was submitted, as the form shows it again: every row the user had, ticked as they left it. */
async function keptValues(db: Db, body: Record<string, unknown>): Promise<GroupFormValues> {
  const all = groupFormInput(body);
  const pageInput = all.page_permissions as Record<string, unknown>;
  const modelInput = all.model_permissions as Record<string, unknown>;
  const collectionInput = all.collection_permissions as Record<string, unknown>;
  const newPage = typeof body.new_page === 'string' ? body.new_page.trim().slice(0, 100) : '';
  return {
    name: typeof body.name === 'string' ? body.name.slice(0, 500) : '',
    can_access_admin: body.can_access_admin === 'on',
    rows: (await pageTitles(db, ids(Object.keys(pageInput)))).map((page) => ({
      pageId: page.id,
      title: page.title,
      permissions: strings(pageInput[String(page.id)]),
    })),
    new_page: newPage,
    new_page_chosen: /^\d{1,9}$/.test(newPage) ? (await chosenPages(db, [Number(newPage)]))[0] : undefined,
    new_permissions: strings(body.new_permissions),
    model_permissions: Object.fromEntries(Object.entries(modelInput).map(([model, value]) => [model, strings(value)])),
    collection_rows: (await collectionNames(db, ids(Object.keys(collectionInput)))).map((c) => ({
      collectionId: c.id,
      name: c.name,
      permissions: strings(collectionInput[String(c.id)]),
    })),
    new_collection: typeof body.new_collection === 'string' ? body.new_collection : '',
    new_collection_permissions: strings(body.new_collection_permissions),
  };
}

/**
 * /wagtail/groups/ (Wagtail's groups viewset): list, add/, {pk}/ and history/{pk}/, for superusers.
 * The form is the model's own: name, admin access, and the permission grid of pages, collections
 * and `models` (every model whose viewset declares a permission a group can hold; admin/areas.ts).
 */
export function groupsViewSet(models: readonly PermissionModel[]) {
  const grantable = new Map(models.map((m) => [m.model, [...m.actions]]));
  return defineViewSet<GroupListing, GroupForm>({
    app: 'auth',
    model: 'group',
    names: { name: 'group', plural: 'groups' },
    base: 'groups',
    paths: { edit: ':pk/' },
    permissions: superuserPolicy(['list', 'add', 'edit', 'history']),
    menu: { label: 'Groups', order: 1010 },
    title: (row) => row.name,
    columns: [
      { name: 'name', label: 'Name', sortable: true, linksToEdit: true, value: (row) => row.name },
      {
        name: 'can_access_admin',
        label: 'Admin access',
        sortable: true,
        value: (row) => (row.can_access_admin ? 'Yes' : 'No'),
      },
      { name: 'member_count', label: 'Users', sortable: true, value: (row) => String(row.member_count) },
    ],
    search: { placeholder: 'Group name' },
    defaultOrder: 'name',
    bulkDelete: false,
    store: {
      list: listGroupsPage,
      get: (db, id) => getGroupListing(db, id),
      create: async (db, input) => groupOrNotFound(db, (await createGroup(db, input, grantable)).id),
      update: async (db, row, input) => {
        await editGroup(db, row.id, input, grantable);
        return groupOrNotFound(db, row.id);
      },
    },
    customForm: {
      fieldNames: GROUP_FIELDS,
      values: async (db, row): Promise<GroupFormValues> => ({
        name: row?.name ?? '',
        can_access_admin: row?.can_access_admin ?? true,
        rows: row ? await groupPermissionRows(db, row.id) : [],
        new_page: '',
        new_permissions: [],
        model_permissions: row ? await groupModelPermissions(db, row.id) : {},
        collection_rows: row ? await groupCollectionRows(db, row.id) : [],
        new_collection: '',
        new_collection_permissions: [],
      }),
      kept: keptValues,
      parse: (body) => groupFormSchema.safeParse(groupFormInput(body)),
      render: async (db, { row, values, fieldErrors, nonFieldErrors, csrfToken, message }) => (
        <GroupFormScreen
          fieldErrors={fieldErrors}
          nonFieldErrors={nonFieldErrors}
          csrfToken={csrfToken}
          message={message}
          groupId={row?.id}
          values={values}
          models={models}
          collectionChoices={(await collectionChoices(db)).map((c) => ({ id: Number(c.value), label: c.label }))}
        />
      ),
    },
  });
}
