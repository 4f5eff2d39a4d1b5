import { sql, type Kysely } from 'kysely';

/**
 * Configurable workflows (Wagtail's Workflow, Task, GroupApprovalTask, WorkflowTask, WorkflowPage,
 * TaskState). A workflow is an ordered list of tasks; a task of type 'group_approval' is done by
 * any member of its groups; a workflow applies to the subtree of each page it is assigned to (the
 * nearest assignment wins). The built-in 'Moderators approval' becomes a stored workflow with one
 * task of the same name (the Moderators group), assigned to the root page when it exists (the
 * seed assigns it on a fresh database), and every submission gets its workflow and a task state
 * for what it was: an in-progress submission continues at that task. Frozen once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('workflow_tasks')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) =>
      c
        .notNull()
        .defaultTo('group_approval')
        .check(sql`type in ('group_approval')`),
    )
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    // Whether a draft saved while the task is in progress starts the task again on that draft.
    .addColumn('restart_on_new_revision', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('workflow_task_groups')
    .addColumn('task_id', 'integer', (c) => c.notNull().references('workflow_tasks.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('workflow_task_groups_pk', ['task_id', 'group_id'])
    .execute();
  await db.schema
    .createTable('workflows')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('workflow_workflow_tasks')
    .addColumn('workflow_id', 'integer', (c) => c.notNull().references('workflows.id').onDelete('cascade'))
    // A task in use is disabled, never deleted: its states keep their history.
    .addColumn('task_id', 'integer', (c) => c.notNull().references('workflow_tasks.id').onDelete('restrict'))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('workflow_workflow_tasks_pk', ['workflow_id', 'task_id'])
    .execute();
  await db.schema
    .createTable('workflow_pages')
    .addColumn('page_id', 'integer', (c) => c.primaryKey().references('pages.id').onDelete('cascade'))
    .addColumn('workflow_id', 'integer', (c) => c.notNull().references('workflows.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createTable('workflow_task_states')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('workflow_state_id', 'integer', (c) => c.notNull().references('workflow_states.id').onDelete('cascade'))
    .addColumn('task_id', 'integer', (c) => c.notNull().references('workflow_tasks.id').onDelete('restrict'))
    .addColumn('revision_id', 'integer', (c) => c.notNull().references('page_revisions.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('in_progress')
        .check(sql`status in ('in_progress', 'approved', 'rejected', 'cancelled', 'skipped')`),
    )
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('finished_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`CREATE UNIQUE INDEX workflow_task_states_one_in_progress_idx ON workflow_task_states (workflow_state_id) WHERE status = 'in_progress'`.execute(
    db,
  );
  await db.schema
    .createIndex('workflow_task_states_task_idx')
    .on('workflow_task_states')
    .columns(['task_id', 'status'])
    .execute();
  await db.schema
    .alterTable('workflow_states')
    .addColumn('workflow_id', 'integer', (c) => c.references('workflows.id').onDelete('restrict'))
    .addColumn('current_task_state_id', 'integer', (c) => c.references('workflow_task_states.id').onDelete('set null'))
    .execute();

  // The built-in workflow, stored.
  const task = await db
    .insertInto('workflow_tasks')
    .values({ name: 'Moderators approval' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const moderators = await db.selectFrom('groups').select('id').where('name', '=', 'Moderators').executeTakeFirst();
  if (moderators)
    await db.insertInto('workflow_task_groups').values({ task_id: task.id, group_id: moderators.id }).execute();
  const workflow = await db
    .insertInto('workflows')
    .values({ name: 'Moderators approval' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('workflow_workflow_tasks')
    .values({ workflow_id: workflow.id, task_id: task.id, sort_order: 0 })
    .execute();
  const root = await db.selectFrom('pages').select('id').where('depth', '=', 1).orderBy('path').executeTakeFirst();
  if (root) await db.insertInto('workflow_pages').values({ page_id: root.id, workflow_id: workflow.id }).execute();

  // Every submission belongs to it; each gets the task state it stood at (in progress carries on).
  await db.updateTable('workflow_states').set({ workflow_id: workflow.id }).execute();
  await sql`
    INSERT INTO workflow_task_states (workflow_state_id, task_id, revision_id, status, started_at, finished_at, finished_by_id, comment)
    SELECT id, ${task.id}, revision_id,
           CASE status WHEN 'needs_changes' THEN 'rejected' ELSE status END,
           created_at, finished_at, finished_by_id, comment
    FROM workflow_states`.execute(db);
  await sql`
    UPDATE workflow_states w SET current_task_state_id = t.id
    FROM workflow_task_states t WHERE t.workflow_state_id = w.id AND w.status = 'in_progress' AND t.status = 'in_progress'`.execute(
    db,
  );
  await db.schema
    .alterTable('workflow_states')
    .alterColumn('workflow_id', (c) => c.setNotNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('workflow_states').dropColumn('current_task_state_id').dropColumn('workflow_id').execute();
  for (const table of [
    'workflow_task_states',
    'workflow_pages',
    'workflow_workflow_tasks',
    'workflows',
    'workflow_task_groups',
    'workflow_tasks',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
