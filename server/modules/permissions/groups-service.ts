import { inTransaction, type Db } from '../../db';
import { badRequest, notFound } from '../../errors';
import type { GroupForm } from '../../../shared/schemas/admin-accounts';
import * as repo from './groups-repo';
import type { Group } from './table';

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
    if (missing.length) throw badRequest('A page in the permissions no longer exists.', { new_page: ['Select a valid choice. That page does not exist.'] });
  }
  return [...byPage].flatMap(([page_id, types]) => [...types].map((permission_type) => ({ page_id, permission_type })));
}

export async function createGroup(db: Db, form: GroupForm): Promise<Group> {
  return inTransaction(db, async (trx) => {
    if (await repo.findGroupByName(trx, form.name)) throw badRequest(NAME_TAKEN, { name: [NAME_TAKEN] });
    const grants = await grantsOf(trx, form);
    const group = await repo.insertGroup(trx, { name: form.name, can_access_admin: form.can_access_admin });
    await repo.replaceGroupPagePermissions(trx, group.id, grants);
    return group;
  });
}

export async function editGroup(db: Db, id: number, form: GroupForm): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (!(await repo.findGroupById(trx, id))) throw notFound('The group does not exist.');
    const clash = await repo.findGroupByName(trx, form.name);
    if (clash && clash.id !== id) throw badRequest(NAME_TAKEN, { name: [NAME_TAKEN] });
    const grants = await grantsOf(trx, form);
    await repo.updateGroup(trx, id, { name: form.name, can_access_admin: form.can_access_admin });
    await repo.replaceGroupPagePermissions(trx, id, grants);
  });
}
