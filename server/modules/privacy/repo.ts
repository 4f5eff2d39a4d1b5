import { sql } from 'kysely';
import type { Db } from '../../db';
import type { PageViewRestriction, RestrictionType } from './table';

/** A restriction with the page it sits on (the page itself or an ancestor of the page asked about). */
export type CoveringRestriction = PageViewRestriction & { page_title: string; page_path: string; page_depth: number };

export function findRestrictionById(db: Db, id: number): Promise<PageViewRestriction | undefined> {
  return db.selectFrom('page_view_restrictions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findRestrictionOfPage(db: Db, pageId: number): Promise<PageViewRestriction | undefined> {
  return db.selectFrom('page_view_restrictions').selectAll().where('page_id', '=', pageId).executeTakeFirst();
}

/**
 * The restrictions on a tree path's page and its ancestors, topmost first: those whose page
 * path is a prefix of the path (materialised paths make that one indexable comparison each).
 */
export function listRestrictionsCovering(db: Db, path: string): Promise<CoveringRestriction[]> {
  return db
    .selectFrom('page_view_restrictions as r')
    .innerJoin('pages as p', 'p.id', 'r.page_id')
    .selectAll('r')
    .select(['p.title as page_title', 'p.path as page_path', 'p.depth as page_depth'])
    .where(sql<boolean>`${path} like p.path || '%'`)
    .orderBy('p.depth')
    .execute();
}

/** The same, for a page known by id (the public side resolves pages by URL and knows the id). */
export function listRestrictionsCoveringPage(db: Db, pageId: number): Promise<CoveringRestriction[]> {
  return db
    .selectFrom('pages as target')
    .innerJoin('pages as p', (join) => join.on(sql<boolean>`target.path like p.path || '%'`))
    .innerJoin('page_view_restrictions as r', 'r.page_id', 'p.id')
    .selectAll('r')
    .select(['p.title as page_title', 'p.path as page_path', 'p.depth as page_depth'])
    .where('target.id', '=', pageId)
    .orderBy('p.depth')
    .execute();
}

/** Tree paths of every restricted page (few: privacy is set by hand), for listings that skip or mark their subtrees. */
export async function listRestrictedPaths(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('page_view_restrictions as r').innerJoin('pages as p', 'p.id', 'r.page_id').select('p.path').execute();
  return rows.map((row) => row.path);
}

export async function listRestrictionGroupIds(db: Db, restrictionId: number): Promise<number[]> {
  const rows = await db.selectFrom('page_view_restriction_groups').select('group_id').where('restriction_id', '=', restrictionId).orderBy('group_id').execute();
  return rows.map((row) => row.group_id);
}

/** Whether the user belongs to one of the restriction's groups. */
export async function userInRestrictionGroups(db: Db, restrictionId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('page_view_restriction_groups as rg')
    .innerJoin('user_groups as ug', 'ug.group_id', 'rg.group_id')
    .select('rg.group_id')
    .where('rg.restriction_id', '=', restrictionId)
    .where('ug.user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export function insertRestriction(db: Db, values: { pageId: number; type: RestrictionType; passwordHash: string | null }): Promise<PageViewRestriction> {
  return db
    .insertInto('page_view_restrictions')
    .values({ page_id: values.pageId, restriction_type: values.type, password_hash: values.passwordHash })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateRestriction(db: Db, id: number, values: { type: RestrictionType; passwordHash: string | null }): Promise<void> {
  await db
    .updateTable('page_view_restrictions')
    .set({ restriction_type: values.type, password_hash: values.passwordHash, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteRestriction(db: Db, id: number): Promise<void> {
  await db.deleteFrom('page_view_restrictions').where('id', '=', id).execute();
}

export async function replaceRestrictionGroups(db: Db, restrictionId: number, groupIds: number[]): Promise<void> {
  await db.deleteFrom('page_view_restriction_groups').where('restriction_id', '=', restrictionId).execute();
  if (groupIds.length) {
    await db
      .insertInto('page_view_restriction_groups')
      .values(groupIds.map((group_id) => ({ restriction_id: restrictionId, group_id })))
      .execute();
  }
}
