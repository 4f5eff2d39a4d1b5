import { sql, type Kysely } from 'kysely';

/**
 * Page lifecycle: the audit log (Wagtail's PageLogEntry), page locks, permanent redirects left
 * behind by moves, and the database-backed job queue that publishes scheduled pages. Frozen once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('page_log_entries')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // No foreign key: the log outlives deleted pages (the site history report lists deletions).
    .addColumn('page_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('revision_id', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('page_log_entries_page_idx')
    .on('page_log_entries')
    .columns(['page_id', 'created_at'])
    .execute();

  await db.schema
    .alterTable('pages')
    .addColumn('locked', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('pages')
    .addColumn('locked_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('pages').addColumn('locked_at', 'timestamptz').execute();

  await db.schema
    .createTable('redirects')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // The old URL path inside the site's tree (e.g. '/home/old-menu/'), as pages.url_path.
    .addColumn('old_path', 'text', (c) => c.notNull())
    .addColumn('site_id', 'integer', (c) => c.references('sites.id').onDelete('cascade'))
    .addColumn('redirect_page_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('is_permanent', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('redirects_old_path_idx').on('redirects').column('old_path').execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // One pending job per key (e.g. 'publish:42'), so re-scheduling replaces instead of piling up.
    .addColumn('dedupe_key', 'text')
    .addColumn('run_at', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'running', 'done', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['status', 'run_at']).execute();
  await sql`CREATE UNIQUE INDEX jobs_pending_dedupe_idx ON jobs (dedupe_key) WHERE status = 'pending' AND dedupe_key IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
  await db.schema.dropTable('redirects').execute();
  await db.schema.alterTable('pages').dropColumn('locked_at').dropColumn('locked_by_id').dropColumn('locked').execute();
  await db.schema.dropTable('page_log_entries').execute();
}
