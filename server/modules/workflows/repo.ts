import { sql } from 'kysely';
import type { Db } from '../../db';
import type { ListQuery } from '../../listing/list-query';
import { pageOfRows } from '../../listing/rows-repo';
import type { Workflow, WorkflowTask } from './table';

/** The only SQL of workflow and task definitions (screens under /wagtail/workflows/). */

export type TaskListing = WorkflowTask & { group_names: string[]; workflow_names: string[] };

/** A task with the names of its groups and of the enabled workflows that hold it. */
function taskListing(db: Db) {
  return db
    .selectFrom('workflow_tasks as t')
    .selectAll('t')
    .select([
      sql<string[]>`coalesce((select array_agg(g.name order by g.name) from workflow_task_groups tg
        join groups g on g.id = tg.group_id where tg.task_id = t.id), '{}')`.as('group_names'),
      sql<string[]>`coalesce((select array_agg(w.name order by w.name) from workflow_workflow_tasks wt
        join workflows w on w.id = wt.workflow_id where wt.task_id = t.id and w.active), '{}')`.as('workflow_names'),
    ]);
}

/** One page of the tasks list, enabled tasks first, searched by name. */
export function listTasksPage(db: Db, query: ListQuery): Promise<{ rows: TaskListing[]; total: number }> {
  return pageOfRows(taskListing(db).orderBy('t.active', 'desc'), query, {
    search: ['t.name'],
    sort: { name: 't.name' },
    id: 't.id',
  });
}

export function findTaskListing(db: Db, id: number): Promise<TaskListing | undefined> {
  return taskListing(db).where('t.id', '=', id).executeTakeFirst();
}

export function findTask(db: Db, id: number, options: { lock?: boolean } = {}): Promise<WorkflowTask | undefined> {
  return db
    .selectFrom('workflow_tasks')
    .selectAll()
    .where('id', '=', id)
    .$if(options.lock === true, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export async function taskGroupIds(db: Db, taskId: number): Promise<number[]> {
  return (
    await db
      .selectFrom('workflow_task_groups')
      .select('group_id')
      .where('task_id', '=', taskId)
      .orderBy('group_id')
      .execute()
  ).map((r) => r.group_id);
}

export type TaskInput = { name: string; restart_on_new_revision: boolean; group_ids: number[] };

export async function insertTask(db: Db, input: TaskInput): Promise<WorkflowTask> {
  const task = await db
    .insertInto('workflow_tasks')
    .values({ name: input.name, restart_on_new_revision: input.restart_on_new_revision })
    .returningAll()
    .executeTakeFirstOrThrow();
  await replaceTaskGroups(db, task.id, input.group_ids);
  return task;
}

export async function updateTask(db: Db, id: number, input: TaskInput): Promise<WorkflowTask> {
  const task = await db
    .updateTable('workflow_tasks')
    .set({ name: input.name, restart_on_new_revision: input.restart_on_new_revision, version: sql`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await replaceTaskGroups(db, id, input.group_ids);
  return task;
}

async function replaceTaskGroups(db: Db, taskId: number, groupIds: number[]): Promise<void> {
  await db.deleteFrom('workflow_task_groups').where('task_id', '=', taskId).execute();
  if (groupIds.length)
    await db
      .insertInto('workflow_task_groups')
      .values(groupIds.map((group_id) => ({ task_id: taskId, group_id })))
      .execute();
}

export function setTaskActive(db: Db, id: number, active: boolean): Promise<WorkflowTask | undefined> {
  return db
    .updateTable('workflow_tasks')
    .set({ active, version: sql`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Of these task ids, the ones that exist, with whether each is active. */
export function tasksByIds(db: Db, ids: number[]): Promise<WorkflowTask[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('workflow_tasks').selectAll().where('id', 'in', ids).execute();
}

export function activeTaskChoices(db: Db): Promise<Array<{ id: number; name: string }>> {
  return db
    .selectFrom('workflow_tasks')
    .select(['id', 'name'])
    .where('active', '=', true)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export type WorkflowListing = Workflow & { task_names: string[]; page_count: number };

/** A workflow with its tasks' names in order and how many pages it is assigned to. */
function workflowListing(db: Db) {
  return db
    .selectFrom('workflows as w')
    .selectAll('w')
    .select([
      sql<string[]>`coalesce((select array_agg(t.name order by wt.sort_order) from workflow_workflow_tasks wt
        join workflow_tasks t on t.id = wt.task_id where wt.workflow_id = w.id), '{}')`.as('task_names'),
      sql<number>`(select count(*)::int from workflow_pages wp where wp.workflow_id = w.id)`.as('page_count'),
    ]);
}

/** One page of the workflows list, enabled workflows first, searched by name. */
export function listWorkflowsPage(db: Db, query: ListQuery): Promise<{ rows: WorkflowListing[]; total: number }> {
  return pageOfRows(workflowListing(db).orderBy('w.active', 'desc'), query, {
    search: ['w.name'],
    sort: { name: 'w.name' },
    id: 'w.id',
  });
}

export function findWorkflowListing(db: Db, id: number): Promise<WorkflowListing | undefined> {
  return workflowListing(db).where('w.id', '=', id).executeTakeFirst();
}

export function findWorkflow(db: Db, id: number, options: { lock?: boolean } = {}): Promise<Workflow | undefined> {
  return db
    .selectFrom('workflows')
    .selectAll()
    .where('id', '=', id)
    .$if(options.lock === true, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/** The workflow's tasks in order, each with its active flag. */
export function workflowTasks(db: Db, workflowId: number): Promise<WorkflowTask[]> {
  return db
    .selectFrom('workflow_workflow_tasks')
    .innerJoin('workflow_tasks', 'workflow_tasks.id', 'workflow_workflow_tasks.task_id')
    .selectAll('workflow_tasks')
    .where('workflow_workflow_tasks.workflow_id', '=', workflowId)
    .orderBy('workflow_workflow_tasks.sort_order')
    .execute();
}

export function workflowPages(db: Db, workflowId: number): Promise<Array<{ id: number; title: string; path: string }>> {
  return db
    .selectFrom('workflow_pages')
    .innerJoin('pages', 'pages.id', 'workflow_pages.page_id')
    .select(['pages.id', 'pages.title', 'pages.path'])
    .where('workflow_pages.workflow_id', '=', workflowId)
    .orderBy('pages.path')
    .execute();
}

export type WorkflowInput = { name: string; task_ids: number[]; page_ids: number[] };

export async function insertWorkflow(db: Db, input: WorkflowInput): Promise<Workflow> {
  const workflow = await db
    .insertInto('workflows')
    .values({ name: input.name })
    .returningAll()
    .executeTakeFirstOrThrow();
  await replaceWorkflowTasks(db, workflow.id, input.task_ids);
  await assignPages(db, workflow.id, input.page_ids);
  return workflow;
}

export async function updateWorkflow(db: Db, id: number, input: WorkflowInput): Promise<Workflow> {
  const workflow = await db
    .updateTable('workflows')
    .set({ name: input.name, version: sql`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await replaceWorkflowTasks(db, id, input.task_ids);
  await db.deleteFrom('workflow_pages').where('workflow_id', '=', id).execute();
  await assignPages(db, id, input.page_ids);
  return workflow;
}

async function replaceWorkflowTasks(db: Db, workflowId: number, taskIds: number[]): Promise<void> {
  await db.deleteFrom('workflow_workflow_tasks').where('workflow_id', '=', workflowId).execute();
  if (taskIds.length) {
    await db
      .insertInto('workflow_workflow_tasks')
      .values(taskIds.map((task_id, sort_order) => ({ workflow_id: workflowId, task_id, sort_order })))
      .execute();
  }
}

/** One workflow per page: assigning a page takes it from the workflow it had. */
async function assignPages(db: Db, workflowId: number, pageIds: number[]): Promise<void> {
  for (const pageId of pageIds) {
    await db
      .insertInto('workflow_pages')
      .values({ page_id: pageId, workflow_id: workflowId })
      .onConflict((oc) => oc.column('page_id').doUpdateSet({ workflow_id: workflowId }))
      .execute();
  }
}

/** Pages assigned to another workflow than this one (the form says they move). */
export function pagesAssignedElsewhere(
  db: Db,
  workflowId: number | null,
  pageIds: number[],
): Promise<Array<{ page_id: number; workflow_name: string }>> {
  if (pageIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('workflow_pages')
    .innerJoin('workflows', 'workflows.id', 'workflow_pages.workflow_id')
    .select(['workflow_pages.page_id', 'workflows.name as workflow_name'])
    .where('workflow_pages.page_id', 'in', pageIds)
    .$if(workflowId !== null, (qb) => qb.where('workflow_pages.workflow_id', '!=', workflowId!))
    .execute();
}

export async function setWorkflowActive(db: Db, id: number, active: boolean): Promise<Workflow | undefined> {
  if (!active) await db.deleteFrom('workflow_pages').where('workflow_id', '=', id).execute();
  return db
    .updateTable('workflows')
    .set({ active, version: sql`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The workflow that applies to a page: the assignment on the nearest of the page and its
 * ancestors (materialised paths: an ancestor's path is a prefix), among active workflows.
 */
export function workflowForPath(db: Db, path: string): Promise<Workflow | undefined> {
  return db
    .selectFrom('workflow_pages')
    .innerJoin('pages', 'pages.id', 'workflow_pages.page_id')
    .innerJoin('workflows', 'workflows.id', 'workflow_pages.workflow_id')
    .selectAll('workflows')
    .where('workflows.active', '=', true)
    .where(sql<boolean>`${path} LIKE pages.path || '%'`)
    .orderBy('pages.depth', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The e-mail addresses of the active members of these groups (notification recipients). */
export async function groupMemberEmails(db: Db, groupIds: number[]): Promise<string[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .selectFrom('user_groups')
    .innerJoin('users', 'users.id', 'user_groups.user_id')
    .select('users.email')
    .distinct()
    .where('user_groups.group_id', 'in', groupIds)
    .where('users.is_active', '=', true)
    .where('users.email', '!=', '')
    .orderBy('users.email')
    .execute();
  return rows.map((r) => r.email);
}

export async function isGroupMember(db: Db, userId: number, groupIds: number[]): Promise<boolean> {
  if (groupIds.length === 0) return false;
  const row = await db
    .selectFrom('user_groups')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('group_id', 'in', groupIds)
    .executeTakeFirst();
  return row !== undefined;
}

/** A user's address for a notification: empty when the user is gone, inactive or has none. */
export async function activeUserEmail(db: Db, userId: number): Promise<string[]> {
  const row = await db.selectFrom('users').select(['email', 'is_active']).where('id', '=', userId).executeTakeFirst();
  return row?.is_active && row.email ? [row.email] : [];
}

export function findWorkflowByName(db: Db, name: string): Promise<Workflow | undefined> {
  return db.selectFrom('workflows').selectAll().where('name', '=', name).orderBy('id').executeTakeFirst();
}

/** Assigns a workflow to a page that has none (an existing assignment is kept). */
export async function assignPageIfUnassigned(db: Db, pageId: number, workflowId: number): Promise<void> {
  await db
    .insertInto('workflow_pages')
    .values({ page_id: pageId, workflow_id: workflowId })
    .onConflict((oc) => oc.column('page_id').doNothing())
    .execute();
}
