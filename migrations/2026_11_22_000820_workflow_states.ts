import { sql, type Kysely } from 'kysely';

/**
 * Moderation (Wagtail's WorkflowState): one row per submission of a page for review. Today there is
 * one workflow with one task ('Moderators approval'), so a state holds the submitted revision, who
 * asked, and how it ended; configurable workflows and tasks (part 2) add `workflow_id` and a
 * task-state table beside it. At most one submission per page is in progress: a partial unique
 * index enforces it whatever the application does. Frozen once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('workflow_states')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    // The revision under review: approving publishes exactly this one.
    .addColumn('revision_id', 'integer', (c) => c.notNull().references('page_revisions.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('in_progress')
        .check(sql`status in ('in_progress', 'approved', 'needs_changes', 'cancelled')`),
    )
    .addColumn('requested_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('finished_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // The reviewer's note (a request for changes says what to change); empty when none was given.
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`CREATE UNIQUE INDEX workflow_states_one_in_progress_idx ON workflow_states (page_id) WHERE status = 'in_progress'`.execute(
    db,
  );
  await db.schema
    .createIndex('workflow_states_page_idx')
    .on('workflow_states')
    .columns(['page_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('workflow_states_requested_by_idx')
    .on('workflow_states')
    .columns(['requested_by_id', 'status'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('workflow_states').execute();
}
