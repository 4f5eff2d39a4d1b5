import { inTransaction, type Db } from '../../db';
import type { ListQuery } from '../../listing/list-query';
import { badRequest, notFound } from '../../errors';
import type { GroupForm } from '../../../shared/schemas/admin-accounts';
import * as repo from './groups-repo';
import type { Group } from './table';

export type { GroupListing } from './groups-repo';

const NAME_TAKEN = 'A group with that name already exists.';

/** The grants the form asks for, after checking that every page exists. */
async function grantsOf(db: Db, form: GroupForm): Promise<repo.GroupGrant[]> {
  const byPage = new Map<number, Set<repo.GroupGrant['permission_type']>>();
  for (const [pageId, types] of Object.entries(form.page_permissions)) byPage.set(Number(pageId), new Set(types));
  if (form.new_page !== '') {
    const existing = byPage.get(form.new_page) ?? new Set();
    for (const type of form.new_permissions) existing.add(type);
    byPage.set(form.new_page, existing);
  }
  const ids = [...byPage.keys()];
  if (ids.length) {
    const found = new Set(await repo.existingPageIds(db, ids));
    const missing = ids.filter((id) => !found.has(id));
    // The new page is the one typed or chosen; a row's page vanished while the form was open.
    if (missing.length)
      throw badRequest('A page in the permissions no longer exists.', {
        new_page: [
          form.new_page !== '' && missing.includes(form.new_page)
            ? 'That page does not exist (it may have been deleted). Choose a page with the chooser.'
            : 'A page in the table above no longer exists (it may have been deleted); it has been taken off the table.',
        ],
      });
  }
  return [...byPage].flatMap(([page_id, types]) => [...types].map((permission_type) => ({ page_id, permission_type })));
}

/** The models the group form may grant, with the actions each has (the admin's registered areas). */
export type GrantableModels = ReadonlyMap<string, readonly string[]>;

function modelGrantsOf(form: GroupForm, models: GrantableModels): repo.ModelGrant[] {
  const out: repo.ModelGrant[] = [];
  for (const [model, actions] of Object.entries(form.model_permissions)) {
    const allowed = models.get(model);
    for (const action of actions) {
      if (!allowed?.includes(action))
        throw badRequest('A model permission in the form does not exist.', {
          model_permissions: [
            'A ticked box is not a permission this kind of object has. Reload the form and tick again.',
          ],
        });
      out.push({ model, action });
    }
  }
  return out;
}

async function collectionGrantsOf(db: Db, form: GroupForm): Promise<repo.CollectionGrant[]> {
  const byCollection = new Map<number, Set<repo.CollectionGrant['permission']>>();
  for (const [id, types] of Object.entries(form.collection_permissions)) byCollection.set(Number(id), new Set(types));
  if (form.new_collection !== '') {
    const existing = byCollection.get(form.new_collection) ?? new Set();
    for (const type of form.new_collection_permissions) existing.add(type);
    byCollection.set(form.new_collection, existing);
  }
  const ids = [...byCollection.keys()];
  const found = new Set(await repo.existingCollectionIds(db, ids));
  if (ids.some((id) => !found.has(id)))
    throw badRequest('A collection in the permissions no longer exists.', {
      new_collection: ['Select a valid choice. That collection does not exist.'],
    });
  return [...byCollection].flatMap(([collection_id, types]) =>
    [...types].map((permission) => ({ collection_id, permission })),
  );
}

async function writeGrants(db: Db, groupId: number, form: GroupForm, models: GrantableModels): Promise<void> {
  await repo.replaceGroupPagePermissions(db, groupId, await grantsOf(db, form));
  await repo.replaceGroupModelPermissions(db, groupId, modelGrantsOf(form, models));
  await repo.replaceGroupCollectionPermissions(db, groupId, await collectionGrantsOf(db, form));
}

export async function createGroup(db: Db, form: GroupForm, models: GrantableModels = new Map()): Promise<Group> {
  return inTransaction(db, async (trx) => {
    if (await repo.findGroupByName(trx, form.name)) throw badRequest(NAME_TAKEN, { name: [NAME_TAKEN] });
    const group = await repo.insertGroup(trx, { name: form.name, can_access_admin: form.can_access_admin });
    await writeGrants(trx, group.id, form, models);
    return group;
  });
}

export async function editGroup(
  db: Db,
  id: number,
  form: GroupForm,
  models: GrantableModels = new Map(),
): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (!(await repo.findGroupById(trx, id))) throw notFound('The group does not exist.');
    const clash = await repo.findGroupByName(trx, form.name);
    if (clash && clash.id !== id) throw badRequest(NAME_TAKEN, { name: [NAME_TAKEN] });
    await repo.updateGroup(trx, id, { name: form.name, can_access_admin: form.can_access_admin });
    await writeGrants(trx, id, form, models);
  });
}

/** A group's model permissions as the form shows them: model -> actions granted. */
export async function groupModelPermissions(db: Db, groupId: number): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = Object.create(null);
  for (const grant of await repo.listGroupModelPermissions(db, groupId)) (out[grant.model] ??= []).push(grant.action);
  return out;
}

export type GroupCollectionRow = { collectionId: number; name: string; permissions: string[] };

/** A group's collection permissions: one row per collection with the permissions granted there. */
export async function groupCollectionRows(db: Db, groupId: number): Promise<GroupCollectionRow[]> {
  const rows = new Map<number, GroupCollectionRow>();
  for (const grant of await repo.listGroupCollectionPermissions(db, groupId)) {
    const row = rows.get(grant.collection_id) ?? {
      collectionId: grant.collection_id,
      name: grant.name,
      permissions: [],
    };
    row.permissions.push(grant.permission);
    rows.set(grant.collection_id, row);
  }
  return [...rows.values()];
}

/** The names of the collections a submitted form named (gone ones are left out). */
export function collectionNames(db: Db, ids: number[]): Promise<Array<{ id: number; name: string; path: string }>> {
  return repo.collectionNames(db, ids);
}

/** Every group with its member count, by name (the groups list, the user form's choices). */
/** One page of the groups list (the groups viewset's store). */
export function listGroupsPage(db: Db, query: ListQuery): Promise<{ rows: repo.GroupListing[]; total: number }> {
  return repo.listGroupsPage(db, query);
}

/** A group as the groups list shows it (undefined when there is none). */
export function getGroupListing(db: Db, id: number): Promise<repo.GroupListing | undefined> {
  return repo.findGroupListing(db, id);
}

export function listGroups(db: Db): Promise<repo.GroupListing[]> {
  return repo.listGroups(db);
}

/** A group by id: 404 when it does not exist. */
export async function getGroup(db: Db, id: number): Promise<Group> {
  const group = await repo.findGroupById(db, id);
  if (!group) throw notFound('The group does not exist.');
  return group;
}

export type GroupPermissionRow = { pageId: number; title: string; permissions: repo.GroupGrant['permission_type'][] };

/** A group's page permissions as the form shows them: one row per page with the types granted there. */
export async function groupPermissionRows(db: Db, groupId: number): Promise<GroupPermissionRow[]> {
  const rows = new Map<number, GroupPermissionRow>();
  for (const grant of await repo.listGroupPagePermissions(db, groupId)) {
    const row = rows.get(grant.page_id) ?? { pageId: grant.page_id, title: grant.title, permissions: [] };
    row.permissions.push(grant.permission_type);
    rows.set(grant.page_id, row);
  }
  return [...rows.values()];
}

/** A page as a form shows it once chosen: its title and where it is in the tree. */
export type ChosenPage = { id: number; title: string; trail: string };

/** The pages a form names, with their place in the tree (ids that no longer exist are left out). */
export async function chosenPages(db: Db, ids: number[]): Promise<ChosenPage[]> {
  const pages = await repo.pagesWithAncestors(db, ids);
  return pages.map((page) => ({ id: page.id, title: page.title, trail: page.ancestors.join(' › ') }));
}

/** The titles of the pages a submitted form named (ids that no longer exist are left out). */
export function pageTitles(db: Db, ids: number[]): Promise<Array<{ id: number; title: string; path: string }>> {
  return repo.pageTitles(db, ids);
}

/** The ids of a user's groups. */
export function userGroupIds(db: Db, userId: number): Promise<number[]> {
  return repo.listUserGroupIds(db, userId);
}
