import { sql, type Kysely } from 'kysely';

/**
 * The image library takes uploads: WebP, AVIF and GIF originals besides JPEG and PNG (the type is
 * decided by the file's bytes), and the admin viewset's `version` for stale-form checks. Frozen
 * once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE images DROP CONSTRAINT IF EXISTS images_mimetype_check`.execute(db);
  await sql`ALTER TABLE images ADD CONSTRAINT images_mimetype_check CHECK (mimetype in ('image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'))`.execute(
    db,
  );
  await db.schema
    .alterTable('images')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('images')
    .addColumn('uploaded_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('images').dropColumn('uploaded_by_user_id').execute();
  await db.schema.alterTable('images').dropColumn('version').execute();
  await sql`ALTER TABLE images DROP CONSTRAINT IF EXISTS images_mimetype_check`.execute(db);
  await sql`ALTER TABLE images ADD CONSTRAINT images_mimetype_check CHECK (mimetype in ('image/jpeg', 'image/png'))`.execute(
    db,
  );
}
