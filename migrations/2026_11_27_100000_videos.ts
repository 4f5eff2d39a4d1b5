import { sql, type Kysely } from 'kysely';

/**
 * The video library (wagtailmedia's Media, video only) and its caption tracks. Frozen once landed.
 *
 * - `file` is the storage key ('videos/dock-morning-1a2b3c4d.mp4'), unique; `file_name` the
 *   sanitised name in the URL /videos/{id}/{file_name}; `mimetype` what the bytes were recognised as.
 * - `duration` in seconds, read from the container header on upload (null when it does not say).
 * - `poster_image_id`: an image of the library; deleting the image leaves the video without poster.
 * - `video_text_tracks`: WebVTT text per language (stored in the row: a caption file is small),
 *   served from /video-track/{id}/; at most one track per video and language, one default.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const root = await db
    .selectFrom('collections')
    .select('id')
    .where('depth', '=', 1)
    .orderBy('path')
    .executeTakeFirstOrThrow();
  await db.schema
    .createTable('videos')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('file', 'text', (c) => c.notNull().unique())
    .addColumn('file_name', 'text', (c) => c.notNull().check(sql`length(file_name) between 1 and 120`))
    .addColumn('file_size', 'integer', (c) => c.notNull().check(sql`file_size >= 0`))
    .addColumn('mimetype', 'text', (c) => c.notNull().check(sql`mimetype in ('video/mp4', 'video/webm')`))
    .addColumn('duration', 'double precision', (c) => c.check(sql`duration is null or duration >= 0`))
    .addColumn('poster_image_id', 'integer', (c) => c.references('images.id').onDelete('set null'))
    .addColumn('collection_id', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(sql.lit(Number(root.id)))
        .references('collections.id'),
    )
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('uploaded_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('videos_collection_idx').on('videos').column('collection_id').execute();
  await db.schema
    .createTable('video_text_tracks')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('video_id', 'integer', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .defaultTo('captions')
        .check(sql`kind in ('captions', 'subtitles')`),
    )
    .addColumn('language', 'text', (c) => c.notNull().check(sql`length(language) between 2 and 35`))
    .addColumn('label', 'text', (c) => c.notNull().check(sql`length(label) between 1 and 100`))
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`length(source) <= 1000000`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('video_text_tracks_video_language_key', ['video_id', 'language'])
    .execute();
  await sql`create unique index video_text_tracks_one_default on video_text_tracks (video_id) where is_default`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('video_text_tracks').execute();
  await db.schema.dropTable('videos').execute();
}
