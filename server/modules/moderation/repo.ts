import { sql } from 'kysely';
import type { Db } from '../../db';
import type { WorkflowState, WorkflowStatus } from './table';

/** Whether a page has a submission in progress, as a column of a query over `pages` (the explorer status). */
export function inModerationColumn() {
  return sql<boolean>`exists (select 1 from workflow_states w where w.page_id = pages.id and w.status = 'in_progress')`.as('in_moderation');
}

/** A joined user's display name as the admin shows it: 'First Last', else the username (null: no user). */
function nameOf(alias: string) {
  return sql<string | null>`coalesce(nullif(trim(concat(${sql.ref(`${alias}.first_name`)}, ' ', ${sql.ref(`${alias}.last_name`)})), ''), ${sql.ref(`${alias}.username`)})`;
}

export function findState(db: Db, id: number): Promise<WorkflowState | undefined> {
  return db.selectFrom('workflow_states').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findInProgress(db: Db, pageId: number): Promise<WorkflowState | undefined> {
  return db.selectFrom('workflow_states').selectAll().where('page_id', '=', pageId).where('status', '=', 'in_progress').executeTakeFirst();
}

export type StateWithNames = WorkflowState & { requested_by_name: string | null; finished_by_name: string | null };

/** The page's latest submission (in progress or finished), with who asked and who ended it. */
export function findLatestState(db: Db, pageId: number): Promise<StateWithNames | undefined> {
  return db
    .selectFrom('workflow_states')
    .leftJoin('users as requester', 'requester.id', 'workflow_states.requested_by_id')
    .leftJoin('users as finisher', 'finisher.id', 'workflow_states.finished_by_id')
    .selectAll('workflow_states')
    .select([
      nameOf('requester').as('requested_by_name'),
      nameOf('finisher').as('finished_by_name'),
    ])
    .where('workflow_states.page_id', '=', pageId)
    .orderBy('workflow_states.created_at', 'desc')
    .orderBy('workflow_states.id', 'desc')
    .executeTakeFirst();
}

export function insertState(db: Db, state: { page_id: number; revision_id: number; requested_by_id: number }): Promise<WorkflowState> {
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
    .set({ status: end.status, finished_by_id: end.finishedById, finished_at: sql`now()`, comment: end.comment ?? '' })
    .where('id', '=', id)
    .where('status', '=', 'in_progress')
    .returningAll()
    .executeTakeFirst();
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
};

function pendingQuery(db: Db) {
  return db
    .selectFrom('workflow_states')
    .innerJoin('pages', 'pages.id', 'workflow_states.page_id')
    .innerJoin('page_revisions', 'page_revisions.id', 'workflow_states.revision_id')
    .leftJoin('users', 'users.id', 'workflow_states.requested_by_id')
    .select([
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

/** Submissions in progress on pages inside these subtrees (null: everywhere), newest first. */
export function listPendingUnder(db: Db, subtreePaths: string[] | null, limit: number): Promise<PendingListing[]> {
  if (subtreePaths && subtreePaths.length === 0) return Promise.resolve([]);
  return pendingQuery(db)
    .$if(subtreePaths !== null, (qb) => qb.where((eb) => eb.or(subtreePaths!.map((path) => eb('pages.path', 'like', `${path}%`)))))
    .limit(limit)
    .execute();
}

/** Submissions in progress that this user asked for, newest first. */
export function listPendingRequestedBy(db: Db, userId: number, limit: number): Promise<PendingListing[]> {
  return pendingQuery(db).where('workflow_states.requested_by_id', '=', userId).limit(limit).execute();
}
