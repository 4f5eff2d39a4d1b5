import type { Db } from '../../db';
import type { ImageRenditionRow, ImageRow, NewImage, NewImageRendition } from './table';

export async function insertImage(db: Db, image: NewImage): Promise<ImageRow> {
  return db.insertInto('images').values(image).returningAll().executeTakeFirstOrThrow();
}

export async function findImage(db: Db, id: number): Promise<ImageRow | undefined> {
  return db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findRendition(db: Db, imageId: number, requestedWidth: number, format: string): Promise<ImageRenditionRow | undefined> {
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
