import type { Db } from '../../db';
import type { PagePermissionType } from './table';

export type GrantedPermission = { permission_type: PagePermissionType; path: string };

/** Every page permission a user holds through their groups, with the path of the page it is on. */
export function listUserPagePermissions(db: Db, userId: number): Promise<GrantedPermission[]> {
  return db
    .selectFrom('group_page_permissions as gpp')
    .innerJoin('user_groups as ug', 'ug.group_id', 'gpp.group_id')
    .innerJoin('pages as p', 'p.id', 'gpp.page_id')
    .select(['gpp.permission_type', 'p.path'])
    .where('ug.user_id', '=', userId)
    .execute();
}

/** Whether one of the user's groups grants access to the back office. */
export async function userHasAdminAccessGroup(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_groups as ug')
    .innerJoin('groups as g', 'g.id', 'ug.group_id')
    .select('g.id')
    .where('ug.user_id', '=', userId)
    .where('g.can_access_admin', '=', true)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every model permission a user holds through their groups ('wagtailredirects.redirect' + 'add'...). */
export function listUserModelPermissions(db: Db, userId: number): Promise<Array<{ model: string; action: string }>> {
  return db
    .selectFrom('group_model_permissions as gmp')
    .innerJoin('user_groups as ug', 'ug.group_id', 'gmp.group_id')
    .select(['gmp.model', 'gmp.action'])
    .where('ug.user_id', '=', userId)
    .execute();
}

/** Every collection permission a user holds through their groups, with the collection's path. */
export function listUserCollectionPermissions(
  db: Db,
  userId: number,
): Promise<Array<{ permission: string; path: string }>> {
  return db
    .selectFrom('group_collection_permissions as gcp')
    .innerJoin('user_groups as ug', 'ug.group_id', 'gcp.group_id')
    .innerJoin('collections as c', 'c.id', 'gcp.collection_id')
    .select(['gcp.permission', 'c.path'])
    .where('ug.user_id', '=', userId)
    .execute();
}
