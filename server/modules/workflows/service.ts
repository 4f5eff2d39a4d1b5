import { inTransaction, type Db } from '../../db';
import { HttpError, notFound } from '../../errors';
import { logModelAction } from '../audit/model-log';
import { existingGroupIds, pageTitles } from '../permissions/groups-repo';
import * as repo from './repo';
import type { Workflow, WorkflowTask } from './table';

/** Rules of workflow and task definitions: what the forms may save, and what disabling does. */

export const WORKFLOW_MODEL = 'wagtailcore.workflow';
export const TASK_MODEL = 'wagtailcore.task';
const NAME_MAX = 255;

/**
 * What disabling does to the pages in moderation is moderation's business: it registers here
 * (server/composition.ts), so workflows does not import the moderation built on it. Both run in
 * the transaction that disables.
 */
export type DisabledListener = {
  taskDisabled(trx: Db, taskId: number, userId: number): Promise<void>;
  workflowDisabled(trx: Db, workflow: Workflow, userId: number): Promise<void>;
};
const disabledListeners: DisabledListener[] = [];

export function onWorkflowOrTaskDisabled(listener: DisabledListener): void {
  disabledListeners.push(listener);
}

type Fields = Record<string, string[]>;

function invalid(fields: Fields, what: string): never {
  throw new HttpError(400, 'invalid_form', `The ${what} could not be saved due to errors.`, fields);
}

/** Posted values of a multiple choice (one string or several), as positive integers; NaN marks junk. */
export function idsOf(value: unknown): number[] {
  const list = Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value];
  return list
    .filter((item) => item !== '')
    .map((item) => (typeof item === 'string' && /^\d{1,9}$/.test(item) ? Number(item) : Number.NaN));
}

function nameOf(raw: unknown, fields: Fields): string {
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (!name) fields.name = ['This field is required.'];
  else if (name.length > NAME_MAX)
    fields.name = [`Ensure this value has at most ${NAME_MAX} characters (it has ${name.length}).`];
  return name;
}

export type TaskForm = { name?: unknown; groups?: unknown; restart_on_new_revision?: unknown };

/** A task form, checked: a name, at least one existing group. */
async function parseTask(db: Db, form: TaskForm): Promise<repo.TaskInput> {
  const fields: Fields = {};
  const name = nameOf(form.name, fields);
  const ids = idsOf(form.groups);
  const known = new Set(
    await existingGroupIds(
      db,
      ids.filter((id) => Number.isFinite(id)),
    ),
  );
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined)
    fields.groups = ['A chosen group no longer exists (it may have been deleted). Tick the groups again.'];
  else if (ids.length === 0) fields.groups = ['Choose at least one group: its members approve this task.'];
  if (Object.keys(fields).length) invalid(fields, 'task');
  return { name, group_ids: [...new Set(ids)], restart_on_new_revision: form.restart_on_new_revision === 'on' };
}

/** Saves a new task (inside the admin viewset's transaction, which writes the audit log). */
export async function createTask(db: Db, form: TaskForm): Promise<WorkflowTask> {
  return repo.insertTask(db, await parseTask(db, form));
}

export async function editTask(db: Db, id: number, form: TaskForm): Promise<WorkflowTask> {
  return inTransaction(db, async (trx) => {
    if (!(await repo.findTask(trx, id, { lock: true }))) throw notFound('This task does not exist.');
    return repo.updateTask(trx, id, await parseTask(trx, form));
  });
}

/**
 * Disables or enables a task. Submissions standing at a task being disabled move on to the next
 * active task of their workflow (Wagtail cancels the task state and updates the workflow state);
 * with none left they are cancelled, never published unseen.
 */
export async function setTaskActive(db: Db, id: number, active: boolean, userId: number): Promise<WorkflowTask> {
  return inTransaction(db, async (trx) => {
    const before = await repo.findTask(trx, id, { lock: true });
    if (!before) throw notFound('This task does not exist.');
    const task = (await repo.setTaskActive(trx, id, active))!;
    await logModelAction(trx, {
      model: TASK_MODEL,
      objectId: id,
      objectStr: task.name,
      userId,
      action: 'edit',
      data: { changed: [active ? 'enabled' : 'disabled'] },
    });
    if (!active) for (const listener of disabledListeners) await listener.taskDisabled(trx, id, userId);
    return task;
  });
}

export type WorkflowForm = { name?: unknown; tasks?: unknown; pages?: unknown; new_page?: unknown };

const PAGE_NUMBER = 'Type the number from the page’s edit address (/wagtail/pages/42/edit/), or choose a page.';

/** A page typed by its number (the form without JavaScript): its id, or a sentence for the field. */
export async function pageToAdd(db: Db, raw: unknown): Promise<{ id: number } | { error: string }> {
  const typed = typeof raw === 'string' ? raw.trim() : '';
  if (!typed) return { error: 'Type a page’s number first.' };
  if (!/^\d{1,9}$/.test(typed)) return { error: PAGE_NUMBER };
  const [page] = await pageTitles(db, [Number(typed)]);
  return page ? { id: page.id } : { error: 'No page has that number (it may have been deleted). Choose another.' };
}

/** The tasks' field: every row names an enabled task, once; blank rows are left out. */
async function taskIdsOf(db: Db, raw: unknown, fields: Fields): Promise<number[]> {
  const posted = (Array.isArray(raw) ? raw : [raw]).filter((item) => item !== undefined && item !== '');
  const ids = posted.map((item) => (typeof item === 'string' && /^\d{1,9}$/.test(item) ? Number(item) : Number.NaN));
  const tasks = await repo.tasksByIds(
    db,
    ids.filter((id) => Number.isFinite(id)),
  );
  const byId = new Map(tasks.map((task) => [task.id, task]));
  // Positions count the rows that name a task, as the form numbers them once the blanks are gone.
  const unknown = ids.findIndex((id) => !byId.has(id));
  const disabled = ids.findIndex((id) => byId.get(id)?.active === false);
  const repeated = ids.findIndex((id, index) => ids.indexOf(id) !== index);
  if (unknown >= 0)
    fields.tasks = [
      `Task ${unknown + 1} is not one of the available tasks (it may have been deleted). Choose another task for it.`,
    ];
  else if (disabled >= 0)
    fields.tasks = [`The task '${byId.get(ids[disabled]!)!.name}' is disabled: enable it or choose another.`];
  else if (ids.length === 0) fields.tasks = ['A workflow needs at least one task.'];
  else if (repeated >= 0)
    fields.tasks = [
      `Each task may appear only once in a workflow: '${byId.get(ids[repeated]!)!.name}' is there twice.`,
    ];
  return ids;
}

/** A workflow form, checked: a name, one or more distinct active tasks, existing pages. */
async function parseWorkflow(db: Db, form: WorkflowForm): Promise<repo.WorkflowInput> {
  const fields: Fields = {};
  const name = nameOf(form.name, fields);
  const taskIds = await taskIdsOf(db, form.tasks, fields);
  const pageIds = idsOf(form.pages);
  const pages = await pageTitles(
    db,
    pageIds.filter((id) => Number.isFinite(id)),
  );
  // The form lists the pages that still exist: one deleted since it opened is off the list shown again.
  if (pageIds.some((id) => !pages.some((page) => page.id === id)))
    fields.pages = [
      'A page on the list no longer exists (it may have been deleted) and has been taken off. Save again to keep the others.',
    ];
  // A page number typed without JavaScript and not added with its button is added on save.
  if (typeof form.new_page === 'string' && form.new_page.trim()) {
    const added = await pageToAdd(db, form.new_page);
    if ('error' in added) fields.new_page = [added.error];
    else pageIds.push(added.id);
  }
  if (Object.keys(fields).length) invalid(fields, 'workflow');
  return { name, task_ids: taskIds, page_ids: [...new Set(pageIds)] };
}

/** Saves a new workflow (inside the admin viewset's transaction, which writes the audit log). */
export async function createWorkflow(db: Db, form: WorkflowForm): Promise<Workflow> {
  return repo.insertWorkflow(db, await parseWorkflow(db, form));
}

/**
 * Saves a workflow's name, tasks and pages. Submissions in progress keep going: one standing at a
 * task that was taken out moves on at its next action (the order is read afresh each time).
 */
export async function editWorkflow(db: Db, id: number, form: WorkflowForm): Promise<Workflow> {
  return inTransaction(db, async (trx) => {
    const before = await repo.findWorkflow(trx, id, { lock: true });
    if (!before) throw notFound('This workflow does not exist.');
    if (!before.active)
      throw new HttpError(409, 'workflow_disabled', 'This workflow is disabled: enable it before editing it.');
    return repo.updateWorkflow(trx, id, await parseWorkflow(trx, form));
  });
}

/** Disabling (Wagtail's Workflow.deactivate) cancels the submissions in progress and drops the page assignments. */
export async function setWorkflowActive(db: Db, id: number, active: boolean, userId: number): Promise<Workflow> {
  return inTransaction(db, async (trx) => {
    const before = await repo.findWorkflow(trx, id, { lock: true });
    if (!before) throw notFound('This workflow does not exist.');
    const workflow = (await repo.setWorkflowActive(trx, id, active))!;
    await logModelAction(trx, {
      model: WORKFLOW_MODEL,
      objectId: id,
      objectStr: workflow.name,
      userId,
      action: 'edit',
      data: { changed: [active ? 'enabled' : 'disabled'] },
    });
    if (!active) for (const listener of disabledListeners) await listener.workflowDisabled(trx, workflow, userId);
    return workflow;
  });
}

// What the screens read (routes call the service, never the repo).
export type { TaskListing, WorkflowListing } from './repo';
export const listWorkflowsPage = repo.listWorkflowsPage;
export const findWorkflowListing = repo.findWorkflowListing;
export const findWorkflow = repo.findWorkflow;
export const workflowTasks = repo.workflowTasks;
export const workflowPages = repo.workflowPages;
export const activeTaskChoices = repo.activeTaskChoices;
export const listTasksPage = repo.listTasksPage;
export const findTaskListing = repo.findTaskListing;
export const findTask = repo.findTask;
export const taskGroupIds = repo.taskGroupIds;
