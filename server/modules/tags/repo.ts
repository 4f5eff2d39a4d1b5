import type { Kysely } from 'kysely';
import type { Db } from '../../db';
import type { TagLink, TagRow } from './table';

/** The rows of these tags, each made when it does not exist yet (two saves at once make it once). */
export async function ensureTags(db: Db, tags: ReadonlyArray<{ name: string; key: string }>): Promise<TagRow[]> {
  if (tags.length === 0) return [];
  await db
    .insertInto('tags')
    .values(tags.map(({ name, key }) => ({ name, key })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return db
    .selectFrom('tags')
    .selectAll()
    .where(
      'key',
      'in',
      tags.map((tag) => tag.key),
    )
    .execute();
}

/** The join table is one of two known constants (TagLink); Kysely cannot type a table chosen at run time. */
const loose = (db: Db) => db as unknown as Kysely<any>;

/** The tag names of each object (in the order typed), for the objects asked about. */
export async function tagNamesOf(db: Db, link: TagLink, ids: readonly number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = (await loose(db)
    .selectFrom(`${link.table} as l`)
    .innerJoin('tags as t', 't.id', 'l.tag_id')
    .select([`l.${link.column} as object_id`, 't.name'])
    .where(`l.${link.column}`, 'in', ids)
    .orderBy(`l.${link.column}`)
    .orderBy('l.sort_order')
    .orderBy('t.name')
    .execute()) as Array<{ object_id: number; name: string }>;
  for (const row of rows) out.get(row.object_id)?.push(row.name);
  return out;
}

/** Sets an object's tags to exactly these (in this order). */
export async function setTags(db: Db, link: TagLink, objectId: number, tagIds: readonly number[]): Promise<void> {
  const any = loose(db);
  await any.deleteFrom(link.table).where(link.column, '=', objectId).execute();
  if (tagIds.length === 0) return;
  await any
    .insertInto(link.table)
    .values(tagIds.map((tagId, index) => ({ [link.column]: objectId, tag_id: tagId, sort_order: index })))
    .execute();
}

/** The tags some object of this library carries, by name (the list and chooser filters). */
export async function tagsInUse(db: Db, link: TagLink): Promise<string[]> {
  const rows = (await loose(db)
    .selectFrom('tags as t')
    .select('t.name')
    .where((eb) => eb.exists(eb.selectFrom(`${link.table} as l`).select('l.tag_id').whereRef('l.tag_id', '=', 't.id')))
    .orderBy('t.key')
    .execute()) as Array<{ name: string }>;
  return rows.map((row) => row.name);
}
