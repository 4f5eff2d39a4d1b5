import { sql } from 'kysely';
import type { Db } from '../../db';
import type { ListQuery } from '../../listing/list-query';
import { pageOfRows } from '../../listing/rows-repo';
import type { CollectionPermissionType, Group, ModelPermissionAction, PagePermissionType } from './table';

export type GroupListing = Group & { member_count: number };
export type GroupGrant = { page_id: number; permission_type: PagePermissionType };

export function listGroups(db: Db): Promise<GroupListing[]> {
  return db
    .selectFrom('groups as g')
    .leftJoin('user_groups as ug', 'ug.group_id', 'g.id')
    .select(['g.id', 'g.name', 'g.can_access_admin', sql<number>`count(ug.user_id)::int`.as('member_count')])
    .groupBy('g.id')
    .orderBy('g.name')
    .execute();
}

/** The groups list's columns: the group, and how many users are in it. */
function groupListing(db: Db) {
  return db
    .selectFrom('groups as g')
    .select([
      'g.id',
      'g.name',
      'g.can_access_admin',
      sql<number>`(select count(*) from user_groups ug where ug.group_id = g.id)::int`.as('member_count'),
    ]);
}

/** One page of the back-office groups list, searched by name. */
export function listGroupsPage(db: Db, query: ListQuery): Promise<{ rows: GroupListing[]; total: number }> {
  return pageOfRows(groupListing(db), query, {
    search: ['g.name'],
    sort: { name: 'g.name', member_count: 'member_count', can_access_admin: 'g.can_access_admin' },
    id: 'g.id',
  });
}

export function findGroupListing(db: Db, id: number): Promise<GroupListing | undefined> {
  return groupListing(db).where('g.id', '=', id).executeTakeFirst();
}

export function findGroupById(db: Db, id: number): Promise<Group | undefined> {
  return db.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findGroupByName(db: Db, name: string): Promise<Group | undefined> {
  return db
    .selectFrom('groups')
    .selectAll()
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

export function insertGroup(db: Db, group: { name: string; can_access_admin: boolean }): Promise<Group> {
  return db.insertInto('groups').values(group).returningAll().executeTakeFirstOrThrow();
}

export async function updateGroup(
  db: Db,
  id: number,
  group: { name: string; can_access_admin: boolean },
): Promise<void> {
  await db.updateTable('groups').set(group).where('id', '=', id).execute();
}

export function listGroupPagePermissions(
  db: Db,
  groupId: number,
): Promise<Array<GroupGrant & { title: string; path: string }>> {
  return db
    .selectFrom('group_page_permissions as gpp')
    .innerJoin('pages as p', 'p.id', 'gpp.page_id')
    .select(['gpp.page_id', 'gpp.permission_type', 'p.title', 'p.path'])
    .where('gpp.group_id', '=', groupId)
    .orderBy('p.path')
    .orderBy('gpp.permission_type')
    .execute();
}

/** Sets a group's page permissions to exactly `grants` (the group edit form submits them all). */
export async function replaceGroupPagePermissions(db: Db, groupId: number, grants: GroupGrant[]): Promise<void> {
  await db.deleteFrom('group_page_permissions').where('group_id', '=', groupId).execute();
  if (grants.length === 0) return;
  await db
    .insertInto('group_page_permissions')
    .values(grants.map((grant) => ({ ...grant, group_id: groupId })))
    .execute();
}

export function listUserGroupIds(db: Db, userId: number): Promise<number[]> {
  return db
    .selectFrom('user_groups')
    .select('group_id')
    .where('user_id', '=', userId)
    .execute()
    .then((rows) => rows.map((r) => r.group_id));
}

export async function replaceUserGroups(db: Db, userId: number, groupIds: number[]): Promise<void> {
  await db.deleteFrom('user_groups').where('user_id', '=', userId).execute();
  if (groupIds.length === 0) return;
  await db
    .insertInto('user_groups')
    .values(groupIds.map((group_id) => ({ user_id: userId, group_id })))
    .execute();
}

export async function existingGroupIds(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('groups').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

export async function existingPageIds(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('pages').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/** The upper levels of the tree, in tree order (a site's root page is chosen from them). */
export function listPageChoices(
  db: Db,
  maxDepth: number,
  limit: number,
): Promise<Array<{ id: number; title: string; depth: number }>> {
  return db
    .selectFrom('pages')
    .select(['id', 'title', 'depth'])
    .where('depth', '<=', maxDepth)
    .orderBy('path')
    .limit(limit)
    .execute();
}

export function pageTitles(db: Db, ids: number[]): Promise<Array<{ id: number; title: string; path: string }>> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('pages').select(['id', 'title', 'path']).where('id', 'in', ids).orderBy('path').execute();
}

/**
 * Pages by id with the titles of their ancestors below the tree's root (site home first), so a
 * chosen page is named unambiguously ('Harborline Seafood › Catering'). Missing ids are left out.
 */
export async function pagesWithAncestors(
  db: Db,
  ids: number[],
): Promise<Array<{ id: number; title: string; path: string; ancestors: string[] }>> {
  if (ids.length === 0) return [];
  const pages = await db
    .selectFrom('pages')
    .select(['id', 'title', 'path', 'depth'])
    .where('id', 'in', ids)
    .orderBy('path')
    .execute();
  // A path is four characters per level: the ancestors' paths are its prefixes (depth 2 and down).
  const prefixes = new Set(
    pages.flatMap((page) => Array.from({ length: page.depth - 2 }, (_, i) => page.path.slice(0, (i + 2) * 4))),
  );
  const titles = new Map(
    prefixes.size
      ? (
          await db
            .selectFrom('pages')
            .select(['path', 'title'])
            .where('path', 'in', [...prefixes])
            .execute()
        ).map((row) => [row.path, row.title] as const)
      : [],
  );
  return pages.map((page) => ({
    id: page.id,
    title: page.title,
    path: page.path,
    ancestors: Array.from({ length: page.depth - 2 }, (_, i) => titles.get(page.path.slice(0, (i + 2) * 4)) ?? '…'),
  }));
}

export type ModelGrant = { model: string; action: ModelPermissionAction };
export type CollectionGrant = { collection_id: number; permission: CollectionPermissionType };

export function listGroupModelPermissions(db: Db, groupId: number): Promise<ModelGrant[]> {
  return db
    .selectFrom('group_model_permissions')
    .select(['model', 'action'])
    .where('group_id', '=', groupId)
    .orderBy('model')
    .execute();
}

/** Sets a group's model permissions to exactly `grants` (the group form submits them all). */
export async function replaceGroupModelPermissions(db: Db, groupId: number, grants: ModelGrant[]): Promise<void> {
  await db.deleteFrom('group_model_permissions').where('group_id', '=', groupId).execute();
  if (grants.length)
    await db
      .insertInto('group_model_permissions')
      .values(grants.map((grant) => ({ ...grant, group_id: groupId })))
      .execute();
}

export function listGroupCollectionPermissions(
  db: Db,
  groupId: number,
): Promise<Array<CollectionGrant & { name: string; path: string }>> {
  return db
    .selectFrom('group_collection_permissions as g')
    .innerJoin('collections as c', 'c.id', 'g.collection_id')
    .select(['g.collection_id', 'g.permission', 'c.name', 'c.path'])
    .where('g.group_id', '=', groupId)
    .orderBy('c.path')
    .execute();
}

export async function replaceGroupCollectionPermissions(
  db: Db,
  groupId: number,
  grants: CollectionGrant[],
): Promise<void> {
  await db.deleteFrom('group_collection_permissions').where('group_id', '=', groupId).execute();
  if (grants.length)
    await db
      .insertInto('group_collection_permissions')
      .values(grants.map((grant) => ({ ...grant, group_id: groupId })))
      .execute();
}

export async function existingCollectionIds(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom('collections').select('id').where('id', 'in', ids).execute()).map((r) => r.id);
}

export function collectionNames(db: Db, ids: number[]): Promise<Array<{ id: number; name: string; path: string }>> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('collections').select(['id', 'name', 'path']).where('id', 'in', ids).orderBy('path').execute();
}
