import { sql } from 'kysely';
import type { Db } from '../../db';
import type { CollectionViewRestriction, RestrictionType } from './table';

/** A restriction with the collection it sits on (the collection itself or one of its ancestors). */
export type CoveringCollectionRestriction = CollectionViewRestriction & { collection_name: string; collection_depth: number };

/** The restrictions on a collection and its ancestors, topmost first (materialised paths, as pages). */
export function listRestrictionsCoveringCollection(db: Db, collectionId: number): Promise<CoveringCollectionRestriction[]> {
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

export async function listCollectionRestrictionGroupIds(db: Db, restrictionId: number): Promise<number[]> {
  const rows = await db.selectFrom('collection_view_restriction_groups').select('group_id').where('restriction_id', '=', restrictionId).orderBy('group_id').execute();
  return rows.map((row) => row.group_id);
}

export async function userInCollectionRestrictionGroups(db: Db, restrictionId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('collection_view_restriction_groups as rg')
    .innerJoin('user_groups as ug', 'ug.group_id', 'rg.group_id')
    .select('rg.group_id')
    .where('rg.restriction_id', '=', restrictionId)
    .where('ug.user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export function findCollectionRestriction(db: Db, id: number): Promise<CollectionViewRestriction | undefined> {
  return db.selectFrom('collection_view_restrictions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertCollectionRestriction(db: Db, values: { collectionId: number; type: RestrictionType; passwordHash: string | null }): Promise<CollectionViewRestriction> {
  return db
    .insertInto('collection_view_restrictions')
    .values({ collection_id: values.collectionId, restriction_type: values.type, password_hash: values.passwordHash })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateCollectionRestriction(db: Db, id: number, values: { type: RestrictionType; passwordHash: string | null }): Promise<void> {
  await db
    .updateTable('collection_view_restrictions')
    .set({ restriction_type: values.type, password_hash: values.passwordHash, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteCollectionRestriction(db: Db, id: number): Promise<void> {
  await db.deleteFrom('collection_view_restrictions').where('id', '=', id).execute();
}

export async function replaceCollectionRestrictionGroups(db: Db, restrictionId: number, groupIds: number[]): Promise<void> {
  await db.deleteFrom('collection_view_restriction_groups').where('restriction_id', '=', restrictionId).execute();
  if (groupIds.length) {
    await db
      .insertInto('collection_view_restriction_groups')
      .values(groupIds.map((group_id) => ({ restriction_id: restrictionId, group_id })))
      .execute();
  }
}
