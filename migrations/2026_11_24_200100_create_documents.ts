import { sql, type Kysely } from 'kysely';

/**
 * The document library (Wagtail's Document): one row per stored file, served from
 * /documents/{id}/{file_name}. Frozen once landed.
 *
 * - `file` is the storage key ('documents/press-kit-1a2b3c4d.pdf'), unique so two uploads of the
 *   same name never share a file; `file_name` is the sanitised name shown in the URL and the
 *   Content-Disposition header.
 * - `mimetype` is the type the bytes were recognised as on upload (never the browser's claim).
 * - `collection_id`: the root collection unless chosen (as images).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const root = await db
    .selectFrom('collections')
    .select('id')
    .where('depth', '=', 1)
    .orderBy('path')
    .executeTakeFirstOrThrow();
  await db.schema
    .createTable('documents')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('file', 'text', (c) => c.notNull().unique())
    .addColumn('file_name', 'text', (c) => c.notNull().check(sql`length(file_name) between 1 and 120`))
    .addColumn('file_size', 'integer', (c) => c.notNull().check(sql`file_size >= 0`))
    .addColumn('mimetype', 'text', (c) => c.notNull())
    .addColumn('file_hash', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('collection_id', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(sql.lit(Number(root.id)))
        .references('collections.id'),
    )
    .addColumn('uploaded_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('documents_collection_idx').on('documents').column('collection_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('documents').execute();
}
