import { sql, type Kysely } from 'kysely';

/**
 * Editing sessions (Wagtail's EditingSession): one row per open page editor, keyed by a random
 * key the browser makes when the editor opens. The editor pings every 10 seconds; other editors
 * of the same page read these rows to show who else is there. In the database, not in memory,
 * so every dyno sees every editor. Frozen once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('editing_sessions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('session_key', 'text', (c) => c.notNull().unique())
    // The last ping: a session without one for 25 minutes is gone.
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // The last ping after user input: a session without one for 10 minutes is idle.
    .addColumn('last_active_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // The editor holds changes it has not saved.
    .addColumn('is_editing', 'boolean', (c) => c.notNull().defaultTo(false))
    // The revision the editor opened or last saved (null: the page had none).
    .addColumn('revision_id', 'integer', (c) => c.references('page_revisions.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('editing_sessions_page_idx')
    .on('editing_sessions')
    .columns(['page_id', 'last_seen_at'])
    .execute();
  await db.schema.createIndex('editing_sessions_seen_idx').on('editing_sessions').column('last_seen_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('editing_sessions').execute();
}
