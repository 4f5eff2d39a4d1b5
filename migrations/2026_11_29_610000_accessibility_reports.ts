import { sql, type Kysely } from 'kysely';

/**
 * The footer's accessibility reports when no external service takes them (issue 29): one row per
 * report, listed in the back office's forms area. Not a form_submissions row: those belong to a
 * form page (page_id is required), and this form is a route of every site, not a page.
 * Frozen once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('accessibility_reports')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('language_code', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('page_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('screen_width', 'integer')
    .addColumn('screen_height', 'integer')
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('accessibility_reports_time_idx')
    .on('accessibility_reports')
    .column('submitted_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('accessibility_reports').execute();
}
