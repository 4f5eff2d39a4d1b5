import { sql } from 'kysely';
import type { Db } from '../../db';
import { displayNameSql } from '../users/repo';
import type { TaskStatus, WorkflowTaskState } from '../workflows/table';
import type { WorkflowState, WorkflowStatus } from './table';

/** Whether a page has a submission in progress, as a column of a query over `pages` (the explorer status). */
export function inModerationColumn() {
  return sql<boolean>`exists (select 1 from workflow_states w where w.page_id = pages.id and w.status = 'in_progress')`.as(
    'in_moderation',
  );
}

const nameOf = displayNameSql;

export function findState(db: Db, id: number): Promise<WorkflowState | undefined> {
  return db.selectFrom('workflow_states').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findInProgress(db: Db, pageId: number): Promise<WorkflowState | undefined> {
  return db
    .selectFrom('workflow_states')
    .selectAll()
    .where('page_id', '=', pageId)
    .where('status', '=', 'in_progress')
    .executeTakeFirst();
}

export type StateWithNames = WorkflowState & { requested_by_name: string | null; finished_by_name: string | null };

/** The page's latest submission (in progress or finished), with who asked and who ended it. */
export function findLatestState(db: Db, pageId: number): Promise<StateWithNames | undefined> {
  return db
    .selectFrom('workflow_states')
    .leftJoin('users as requester', 'requester.id', 'workflow_states.requested_by_id')
    .leftJoin('users as finisher', 'finisher.id', 'workflow_states.finished_by_id')
    .selectAll('workflow_states')
    .select([nameOf('requester').as('requested_by_name'), nameOf('finisher').as('finished_by_name')])
    .where('workflow_states.page_id', '=', pageId)
    .orderBy('workflow_states.created_at', 'desc')
    .orderBy('workflow_states.id', 'desc')
    .executeTakeFirst();
}

export function insertState(
  db: Db,
  state: { page_id: number; revision_id: number; requested_by_id: number; workflow_id: number },
): Promise<WorkflowState> {
  return db.insertInto('workflow_states').values(state).returningAll().executeTakeFirstOrThrow();
}

/** Puts a newer revision under review in the same submission (a resubmit). */
export function moveToRevision(db: Db, id: number, revisionId: number, requestedById: number): Promise<WorkflowState> {
  return db
    .updateTable('workflow_states')
    .set({ revision_id: revisionId, requested_by_id: requestedById })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Ends a submission, only if it is still in progress: a second approve (double submit, or a
 * colleague who got there first) updates nothing and gets undefined back.
 */
export function finishState(
  db: Db,
  id: number,
  end: { status: Exclude<WorkflowStatus, 'in_progress'>; finishedById: number | null; comment?: string },
): Promise<WorkflowState | undefined> {
  return db
    .updateTable('workflow_states')
    .set({
      status: end.status,
      finished_by_id: end.finishedById,
      finished_at: sql`now()`,
      comment: end.comment ?? '',
      current_task_state_id: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'in_progress')
    .returningAll()
    .executeTakeFirst();
}

export function findTaskState(db: Db, id: number): Promise<WorkflowTaskState | undefined> {
  return db.selectFrom('workflow_task_states').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Starts a task of a submission on a revision and makes it the submission's current task. */
export async function startTaskState(
  db: Db,
  state: Pick<WorkflowState, 'id'>,
  taskId: number,
  revisionId: number,
): Promise<WorkflowTaskState> {
  const taskState = await db
    .insertInto('workflow_task_states')
    .values({ workflow_state_id: state.id, task_id: taskId, revision_id: revisionId })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .updateTable('workflow_states')
    .set({ current_task_state_id: taskState.id, revision_id: revisionId })
    .where('id', '=', state.id)
    .execute();
  return taskState;
}

/** Ends a task state, only if it is still in progress (undefined: someone ended it first). */
export function finishTaskState(
  db: Db,
  id: number,
  end: { status: Exclude<TaskStatus, 'in_progress'>; finishedById: number | null; comment?: string },
): Promise<WorkflowTaskState | undefined> {
  return db
    .updateTable('workflow_task_states')
    .set({ status: end.status, finished_by_id: end.finishedById, finished_at: sql`now()`, comment: end.comment ?? '' })
    .where('id', '=', id)
    .where('status', '=', 'in_progress')
    .returningAll()
    .executeTakeFirst();
}

/** The task states of one submission, oldest first, with the task's name and who ended each. */
export function taskStatesOf(
  db: Db,
  stateId: number,
): Promise<Array<WorkflowTaskState & { task_name: string; finished_by_name: string | null }>> {
  return db
    .selectFrom('workflow_task_states')
    .innerJoin('workflow_tasks', 'workflow_tasks.id', 'workflow_task_states.task_id')
    .leftJoin('users as finisher', 'finisher.id', 'workflow_task_states.finished_by_id')
    .selectAll('workflow_task_states')
    .select(['workflow_tasks.name as task_name', nameOf('finisher').as('finished_by_name')])
    .where('workflow_task_states.workflow_state_id', '=', stateId)
    .orderBy('workflow_task_states.id')
    .execute();
}

export type InProgressState = WorkflowState;

/** Takes the page's row lock (the order every page action takes it in) before changing its submission. */
export async function lockPageRow(db: Db, pageId: number): Promise<void> {
  await db.selectFrom('pages').select('id').where('id', '=', pageId).forUpdate().execute();
}

export async function pageTitle(db: Db, pageId: number): Promise<string | undefined> {
  return (await db.selectFrom('pages').select('title').where('id', '=', pageId).executeTakeFirst())?.title;
}

/** In-progress task states of a task (disabling the task moves them on). */
export function inProgressStatesOfTask(db: Db, taskId: number): Promise<WorkflowState[]> {
  return db
    .selectFrom('workflow_states')
    .innerJoin('workflow_task_states', 'workflow_task_states.id', 'workflow_states.current_task_state_id')
    .selectAll('workflow_states')
    .where('workflow_states.status', '=', 'in_progress')
    .where('workflow_task_states.task_id', '=', taskId)
    .execute();
}

export function inProgressStatesOfWorkflow(db: Db, workflowId: number): Promise<WorkflowState[]> {
  return db
    .selectFrom('workflow_states')
    .selectAll()
    .where('workflow_id', '=', workflowId)
    .where('status', '=', 'in_progress')
    .execute();
}

/** A submission in progress as the dashboard lists it. */
export type PendingListing = {
  id: number;
  page_id: number;
  revision_id: number;
  created_at: Date;
  requested_by_id: number | null;
  requested_by_name: string | null;
  title: string;
  path: string;
  owner_id: number | null;
  numchild: number;
  live: boolean;
  locked_by_id: number | null;
  task_state_id: number | null;
  task_id: number | null;
  workflow_id: number;
};

function pendingQuery(db: Db) {
  return db
    .selectFrom('workflow_states')
    .innerJoin('pages', 'pages.id', 'workflow_states.page_id')
    .innerJoin('page_revisions', 'page_revisions.id', 'workflow_states.revision_id')
    .leftJoin('users', 'users.id', 'workflow_states.requested_by_id')
    .leftJoin('workflow_task_states', 'workflow_task_states.id', 'workflow_states.current_task_state_id')
    .select([
      'workflow_task_states.id as task_state_id',
      'workflow_task_states.task_id',
      'workflow_states.workflow_id',
      'workflow_states.id',
      'workflow_states.page_id',
      'workflow_states.revision_id',
      'workflow_states.created_at',
      'workflow_states.requested_by_id',
      nameOf('users').as('requested_by_name'),
      // The title as submitted (what the reviewer is asked to publish), not the live one.
      'page_revisions.object_str as title',
      'pages.path',
      'pages.owner_id',
      'pages.numchild',
      'pages.live',
      'pages.locked_by_id',
    ])
    .where('workflow_states.status', '=', 'in_progress')
    .orderBy('workflow_states.created_at', 'desc')
    .orderBy('workflow_states.id', 'desc');
}

/**
 * Submissions in progress whose current task this user may do: a group approval task of one of
 * their groups (reviewerId null: a superuser, every submission), newest first.
 */
export function listPendingForReviewer(db: Db, reviewerId: number | null, limit: number): Promise<PendingListing[]> {
  return pendingQuery(db)
    .$if(reviewerId !== null, (qb) =>
      qb.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('workflow_task_groups')
            .innerJoin('user_groups', 'user_groups.group_id', 'workflow_task_groups.group_id')
            .select('workflow_task_groups.task_id')
            .whereRef('workflow_task_groups.task_id', '=', 'workflow_task_states.task_id')
            .where('user_groups.user_id', '=', reviewerId!),
        ),
      ),
    )
    .limit(limit)
    .execute();
}

/** Submissions in progress that this user asked for, newest first. */
export function listPendingRequestedBy(db: Db, userId: number, limit: number): Promise<PendingListing[]> {
  return pendingQuery(db).where('workflow_states.requested_by_id', '=', userId).limit(limit).execute();
}
