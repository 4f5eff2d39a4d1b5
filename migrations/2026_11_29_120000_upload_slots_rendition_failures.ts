import { sql, type Kysely } from 'kysely';

/**
 * Two small tables that keep state every server process must share (the processes are
 * stateless, so none of this may live in one process's memory):
 * - upload_slots: the uploads a user has in progress, to cap them (a slot whose process died
 *   lapses at expires_at);
 * - image_rendition_failures: a rendition that could not be encoded, so later requests answer
 *   at once without encoding again, and the failure is logged once. Frozen once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('upload_slots')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('upload_slots_user_idx').on('upload_slots').columns(['user_id', 'expires_at']).execute();

  await db.schema
    .createTable('image_rendition_failures')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('image_id', 'integer', (c) => c.notNull().references('images.id').onDelete('cascade'))
    .addColumn('requested_width', 'integer', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('image_rendition_failures_unique', ['image_id', 'requested_width', 'format'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('image_rendition_failures').execute();
  await db.schema.dropTable('upload_slots').execute();
}
