import { sql, type Kysely } from 'kysely';

/**
 * Indexes the reports read by (issue 17). Frozen once landed.
 *
 * - page_log_entries and model_log_entries by time: the site-history report lists both logs
 *   newest first, a page of 50 out of hundreds of thousands of entries;
 * - pages by lock: the locked-pages report reads only the few locked pages;
 * - workflow_states by status: the workflow reports list submissions by status.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('page_log_entries_created_idx')
    .on('page_log_entries')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('model_log_entries_created_idx')
    .on('model_log_entries')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('pages_locked_idx')
    .on('pages')
    .column('locked_by_id')
    .where(sql.ref('locked'), '=', true)
    .execute();
  await db.schema
    .createIndex('workflow_states_status_idx')
    .on('workflow_states')
    .columns(['status', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('workflow_states_status_idx').execute();
  await db.schema.dropIndex('pages_locked_idx').execute();
  await db.schema.dropIndex('model_log_entries_created_idx').execute();
  await db.schema.dropIndex('page_log_entries_created_idx').execute();
}
