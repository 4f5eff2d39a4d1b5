import { sql } from 'kysely';
import type { Db } from '../../db';
import type { ListQuery } from '../../listing/list-query';
import { pageOfRows } from '../../listing/rows-repo';
import type { Collection } from './table';

/** A collection with what its screens show: how many images, documents and videos it holds. */
export type CollectionListing = Collection & { image_count: number; document_count: number; video_count: number };

const listing = (db: Db) =>
  db
    .selectFrom('collections as c')
    .selectAll('c')
    .select(sql<number>`(select count(*)::int from images i where i.collection_id = c.id)`.as('image_count'))
    .select(sql<number>`(select count(*)::int from documents d where d.collection_id = c.id)`.as('document_count'))
    .select(sql<number>`(select count(*)::int from videos v where v.collection_id = c.id)`.as('video_count'));

/** Every collection but the root, in tree order by default. */
export function listCollections(db: Db, query: ListQuery): Promise<{ rows: CollectionListing[]; total: number }> {
  return pageOfRows(listing(db).where('c.depth', '>', 1), query, {
    search: ['c.name'],
    sort: { name: 'c.name', path: 'c.path' },
    id: 'c.id',
  });
}

export function findCollection(
  db: Db,
  id: number,
  options: { lock?: boolean } = {},
): Promise<CollectionListing | undefined> {
  const query = listing(db).where('c.id', '=', id);
  return (options.lock ? query.forUpdate('c') : query).executeTakeFirst();
}

export function findRootCollection(db: Db): Promise<Collection | undefined> {
  return db.selectFrom('collections').selectAll().where('depth', '=', 1).orderBy('path').executeTakeFirst();
}

/** The whole tree in tree order (the parent choices; a chain has tens of collections, not thousands). */
export function listTree(db: Db): Promise<Collection[]> {
  return db.selectFrom('collections').selectAll().orderBy('path').limit(5000).execute();
}

export function lastChildPath(db: Db, parent: Pick<Collection, 'path' | 'depth'>): Promise<string | undefined> {
  return db
    .selectFrom('collections')
    .select('path')
    .where('path', 'like', `${parent.path}%`)
    .where('depth', '=', parent.depth + 1)
    .orderBy('path', 'desc')
    .executeTakeFirst()
    .then((row) => row?.path);
}

export async function lockCollection(db: Db, id: number): Promise<Collection | undefined> {
  return db.selectFrom('collections').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function insertCollection(db: Db, values: { path: string; depth: number; name: string }): Promise<Collection> {
  return db.insertInto('collections').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function addToNumchild(db: Db, id: number, delta: number): Promise<void> {
  await db
    .updateTable('collections')
    .set({ numchild: sql`numchild + ${delta}` })
    .where('id', '=', id)
    .execute();
}

export async function renameCollection(db: Db, id: number, name: string): Promise<void> {
  await db
    .updateTable('collections')
    .set({ name, version: sql`version + 1`, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Moves a subtree: every path under `from` now starts with `to`, depths shift by `depthDelta`. */
export async function relocateSubtree(db: Db, from: string, to: string, depthDelta: number): Promise<void> {
  await db
    .updateTable('collections')
    .set({ path: sql`${to} || substr(path, ${from.length + 1})`, depth: sql`depth + ${depthDelta}` })
    .where('path', 'like', `${from}%`)
    .execute();
}

export async function deleteCollection(db: Db, id: number): Promise<void> {
  await db.deleteFrom('collections').where('id', '=', id).execute();
}
