import { sql } from 'kysely';
import type { Db } from '../../db';
import type { CollectionViewRestriction, PageViewRestriction, RestrictionType } from './table';

/**
 * Pages and collections have view restrictions of the same shape (Wagtail's PageViewRestriction and
 * CollectionViewRestriction), each kind in its own pair of tables; the functions below the covering
 * queries take the pair they work on.
 */
export const PAGE_RESTRICTIONS = {
  restrictions: 'page_view_restrictions',
  groups: 'page_view_restriction_groups',
  owner: 'page_id',
} as const;
export const COLLECTION_RESTRICTIONS = {
  restrictions: 'collection_view_restrictions',
  groups: 'collection_view_restriction_groups',
  owner: 'collection_id',
} as const;
export type RestrictionTables = typeof PAGE_RESTRICTIONS | typeof COLLECTION_RESTRICTIONS;

/** A restriction row of either kind, without the column naming what it sits on. */
export type ViewRestriction = Omit<PageViewRestriction, 'page_id'>;

// Both pairs have the same columns but the owner's: queries are typed against the page pair.
const restrictionsOf = (t: RestrictionTables) => t.restrictions as 'page_view_restrictions';
const groupsOf = (t: RestrictionTables) => t.groups as 'page_view_restriction_groups';

/** A restriction with the page it sits on (the page itself or an ancestor of the page asked about). */
export type CoveringRestriction = PageViewRestriction & { page_title: string; page_path: string; page_depth: number };

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
  const rows = await db
    .selectFrom('page_view_restrictions as r')
    .innerJoin('pages as p', 'p.id', 'r.page_id')
    .select('p.path')
    .execute();
  return rows.map((row) => row.path);
}

/** A restriction with the collection it sits on (the collection itself or one of its ancestors). */
export type CoveringCollectionRestriction = CollectionViewRestriction & {
  collection_name: string;
  collection_depth: number;
};

/** The restrictions on a collection and its ancestors, topmost first (materialised paths, as pages). */
export function listRestrictionsCoveringCollection(
  db: Db,
  collectionId: number,
): Promise<CoveringCollectionRestriction[]> {
  return db
    .selectFrom('collections as target')
    .innerJoin('collections as c', (join) => join.on(sql<boolean>`target.path like c.path || '%'`))
    .innerJoin('collection_view_restrictions as r', 'r.collection_id', 'c.id')
    .selectAll('r')
    .select(['c.name as collection_name', 'c.depth as collection_depth'])
    .where('target.id', '=', collectionId)
    .orderBy('c.depth')
    .execute();
}

export function findRestriction(db: Db, t: RestrictionTables, id: number): Promise<ViewRestriction | undefined> {
  return db
    .selectFrom(restrictionsOf(t))
    .select(['id', 'restriction_type', 'password_hash', 'created_at', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listRestrictionGroupIds(db: Db, t: RestrictionTables, restrictionId: number): Promise<number[]> {
  const rows = await db
    .selectFrom(groupsOf(t))
    .select('group_id')
    .where('restriction_id', '=', restrictionId)
    .orderBy('group_id')
    .execute();
  return rows.map((row) => row.group_id);
}

/** Whether the user belongs to one of the restriction's groups. */
export async function userInRestrictionGroups(
  db: Db,
  t: RestrictionTables,
  restrictionId: number,
  userId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom(`${groupsOf(t)} as rg`)
    .innerJoin('user_groups as ug', 'ug.group_id', 'rg.group_id')
    .select('rg.group_id')
    .where('rg.restriction_id', '=', restrictionId)
    .where('ug.user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertRestriction(
  db: Db,
  t: RestrictionTables,
  values: { ownerId: number; type: RestrictionType; passwordHash: string | null },
): Promise<ViewRestriction> {
  return db
    .insertInto(restrictionsOf(t))
    .values({
      [t.owner as 'page_id']: values.ownerId,
      restriction_type: values.type,
      password_hash: values.passwordHash,
    })
    .returning(['id', 'restriction_type', 'password_hash', 'created_at', 'updated_at'])
    .executeTakeFirstOrThrow();
}

export async function updateRestriction(
  db: Db,
  t: RestrictionTables,
  id: number,
  values: { type: RestrictionType; passwordHash: string | null },
): Promise<void> {
  await db
    .updateTable(restrictionsOf(t))
    .set({ restriction_type: values.type, password_hash: values.passwordHash, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteRestriction(db: Db, t: RestrictionTables, id: number): Promise<void> {
  await db.deleteFrom(restrictionsOf(t)).where('id', '=', id).execute();
}

export async function replaceRestrictionGroups(
  db: Db,
  t: RestrictionTables,
  restrictionId: number,
  groupIds: number[],
): Promise<void> {
  await db.deleteFrom(groupsOf(t)).where('restriction_id', '=', restrictionId).execute();
  if (groupIds.length) {
    await db
      .insertInto(groupsOf(t))
      .values(groupIds.map((group_id) => ({ restriction_id: restrictionId, group_id })))
      .execute();
  }
}
