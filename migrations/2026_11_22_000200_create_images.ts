import { sql, type Kysely } from 'kysely';

/**
 * The image library: originals kept in storage (DATA_DIR/media/original_images) and one row per
 * rendition made from them, so a block can list each rendition's real byte size. Frozen once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('images')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    // Relative to the media root, e.g. 'original_images/grilled-salmon-3f2a.jpg'.
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull().check(sql`width > 0`))
    .addColumn('height', 'integer', (c) => c.notNull().check(sql`height > 0`))
    .addColumn('file_size', 'integer', (c) => c.notNull())
    .addColumn('mimetype', 'text', (c) => c.notNull().check(sql`mimetype in ('image/jpeg', 'image/png')`))
    .addColumn('default_alt_text', 'text', (c) => c.notNull().defaultTo(''))
    // The focal point as fractions of width and height (0..1); both or neither.
    .addColumn('focal_point_x', 'real')
    .addColumn('focal_point_y', 'real')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('images_focal_point_both', sql`(focal_point_x is null) = (focal_point_y is null)`)
    .execute();

  await db.schema
    .createTable('image_renditions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('image_id', 'integer', (c) => c.notNull().references('images.id').onDelete('cascade'))
    // The requested width from the allowed list; the file is never wider than the original.
    .addColumn('requested_width', 'integer', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('file_size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('image_renditions_key', ['image_id', 'requested_width', 'format'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('image_renditions').execute();
  await db.schema.dropTable('images').execute();
}
