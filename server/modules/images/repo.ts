import { sql } from 'kysely';
import type { Db } from '../../db';
import type { ListQuery } from '../../listing/list-query';
import { tagKey } from '../../../shared/schemas/tags';
import { pageOfRows } from '../../listing/rows-repo';
import type { ImageRenditionRow, ImageRow, NewImage, NewImageRendition } from './table';

export async function insertImage(db: Db, image: NewImage): Promise<ImageRow> {
  return db.insertInto('images').values(image).returningAll().executeTakeFirstOrThrow();
}

export async function findImage(db: Db, id: number): Promise<ImageRow | undefined> {
  return db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findRendition(
  db: Db,
  imageId: number,
  requestedWidth: number,
  format: string,
): Promise<ImageRenditionRow | undefined> {
  return db
    .selectFrom('image_renditions')
    .selectAll()
    .where('image_id', '=', imageId)
    .where('requested_width', '=', requestedWidth)
    .where('format', '=', format)
    .executeTakeFirst();
}

/** Two processes may make the same rendition at once; the file is identical, so the first row wins. */
export async function saveRendition(db: Db, rendition: NewImageRendition): Promise<void> {
  await db
    .insertInto('image_renditions')
    .values(rendition)
    .onConflict((oc) => oc.columns(['image_id', 'requested_width', 'format']).doNothing())
    .execute();
}

export function listImages(db: Db, query: ListQuery): Promise<{ rows: ImageRow[]; total: number }> {
  let base = db.selectFrom('images as i').selectAll('i');
  if (query.filters.collection) base = base.where('i.collection_id', '=', Number(query.filters.collection));
  // Every tag named (the API takes several, separated by commas) must be on the image.
  for (const name of query.filters.tag?.split(',') ?? []) {
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('image_tags as it')
          .innerJoin('tags as t', 't.id', 'it.tag_id')
          .select('it.tag_id')
          .whereRef('it.image_id', '=', 'i.id')
          .where('t.key', '=', tagKey(name)),
      ),
    );
  }
  return pageOfRows(base, query, {
    search: ['i.title', 'i.default_alt_text'],
    sort: { id: 'i.id', title: 'i.title', created_at: 'i.created_at' },
    id: 'i.id',
  });
}

export function lockImage(db: Db, id: number): Promise<ImageRow | undefined> {
  return db.selectFrom('images').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function updateImage(
  db: Db,
  id: number,
  values: Partial<
    Pick<
      ImageRow,
      | 'title'
      | 'default_alt_text'
      | 'collection_id'
      | 'focal_point_x'
      | 'focal_point_y'
      | 'file'
      | 'width'
      | 'height'
      | 'file_size'
      | 'mimetype'
    >
  >,
): Promise<ImageRow> {
  return db
    .updateTable('images')
    .set({ ...values, version: sql`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listRenditions(db: Db, imageId: number): Promise<ImageRenditionRow[]> {
  return db.selectFrom('image_renditions').selectAll().where('image_id', '=', imageId).execute();
}

export async function deleteRenditions(db: Db, imageId: number): Promise<void> {
  await db.deleteFrom('image_renditions').where('image_id', '=', imageId).execute();
  await db.deleteFrom('image_rendition_failures').where('image_id', '=', imageId).execute();
}

export async function hasRenditionFailure(
  db: Db,
  imageId: number,
  requestedWidth: number,
  format: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('image_rendition_failures')
    .select('id')
    .where('image_id', '=', imageId)
    .where('requested_width', '=', requestedWidth)
    .where('format', '=', format)
    .executeTakeFirst();
  return row !== undefined;
}

/** Records a rendition that failed to encode; true only for the one process whose row was new. */
export async function recordRenditionFailure(
  db: Db,
  failure: { image_id: number; requested_width: number; format: string; reason: string },
): Promise<boolean> {
  const row = await db
    .insertInto('image_rendition_failures')
    .values(failure)
    .onConflict((oc) => oc.columns(['image_id', 'requested_width', 'format']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteImages(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('images').where('id', 'in', ids).execute();
}

/** Which of these image ids still exist. */
export async function existingImageIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom('images').select('id').where('id', 'in', ids).execute()).map((row) => row.id);
}
