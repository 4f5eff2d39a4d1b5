import { inTransaction, type Db } from '../../db';
import { HttpError, notFound } from '../../errors';
import { logPageAction } from '../audit/service';
import { saveRevision, type PageFieldsEdit, type SaveOptions } from '../pages/edit-service';
import { findUserName } from '../pages/lifecycle-repo';
import { assertNotLockedForUser } from '../pages/lifecycle-service';
import * as pagesRepo from '../pages/repo';
import { publishOrSchedule } from '../pages/schedule-service';
import type { Page } from '../pages/table';
import { forbidden, type UserPagePermissions } from '../permissions/policy';
import * as workflowsRepo from '../workflows/repo';
import type { Workflow, WorkflowTask, WorkflowTaskState } from '../workflows/table';
import { nextActiveTask } from './next-task';
import { notifyApproved, notifyRejected, notifyTaskSubmitted } from './notifications';
import * as repo from './repo';
import { mayCancel, mayReviewTask, mayReviewWorkflow } from './rules';
import type { WorkflowState } from './table';
import { formatAdminTime } from '../../../shared/admin/admin-clock';

export type SubmitOutcome = 'submitted' | 'resubmitted' | 'unchanged';

async function logData(
  db: Db,
  state: WorkflowState,
  taskId: number | null | undefined,
  extra: Record<string, unknown> = {},
) {
  const workflow = await workflowsRepo.findWorkflow(db, state.workflow_id);
  const task = taskId ? await workflowsRepo.findTask(db, taskId) : undefined;
  return {
    workflow: workflow?.name ?? '',
    ...(task ? { task: task.name } : {}),
    workflow_state_id: state.id,
    ...extra,
  };
}

/** The workflow a submission of this page would start, with its first active task; 400 when none. */
async function workflowToStart(db: Db, page: Page): Promise<{ workflow: Workflow; first: WorkflowTask }> {
  const workflow = await workflowsRepo.workflowForPath(db, page.path);
  if (!workflow)
    throw new HttpError(400, 'no_workflow', 'No workflow applies to this page: it cannot be submitted for moderation.');
  const first = nextActiveTask(await workflowsRepo.workflowTasks(db, workflow.id), null);
  if (!first)
    throw new HttpError(
      400,
      'no_workflow',
      `The workflow '${workflow.name}' has no active task: this page cannot be submitted for moderation.`,
    );
  return { workflow, first };
}

/**
 * The edit form's 'Submit for moderation': saves the form as a new draft revision (exactly as
 * Save draft, with its stale-form and lock checks) and puts that revision under review. A page
 * already in moderation moves its submission onto the new revision and starts its current task
 * again (a resubmit); the same form posted twice finds its revision already under review.
 */
export async function saveAndSubmit(
  db: Db,
  pageId: number,
  userId: number,
  fields: PageFieldsEdit,
  options: Pick<SaveOptions, 'content' | 'baseRevisionId'>,
): Promise<{ page: Page; outcome: SubmitOutcome }> {
  return inTransaction(db, async (trx) => {
    // saveRevision locks the page row: submissions of one page queue up behind each other.
    const page = await saveRevision(trx, pageId, userId, fields, { ...options, publish: false, submitting: true });
    const revisionId = page.latest_revision_id;
    if (revisionId === null) throw new HttpError(409, 'no_revision', 'The page has no revision to submit.');
    const current = await repo.findInProgress(trx, page.id);
    if (current?.revision_id === revisionId) return { page, outcome: 'unchanged' };
    if (current) {
      const taskState = current.current_task_state_id
        ? await repo.findTaskState(trx, current.current_task_state_id)
        : undefined;
      if (taskState) await repo.finishTaskState(trx, taskState.id, { status: 'cancelled', finishedById: userId });
      const moved = await repo.moveToRevision(trx, current.id, revisionId, userId);
      if (taskState) await repo.startTaskState(trx, moved, taskState.task_id, revisionId);
      await logPageAction(trx, {
        pageId: page.id,
        userId,
        action: 'workflow.resubmit',
        title: fields.title,
        revisionId,
        data: await logData(trx, moved, taskState?.task_id),
      });
      return { page, outcome: 'resubmitted' };
    }
    const { workflow, first } = await workflowToStart(trx, page);
    const state = await repo.insertState(trx, {
      page_id: page.id,
      revision_id: revisionId,
      requested_by_id: userId,
      workflow_id: workflow.id,
    });
    await repo.startTaskState(trx, state, first.id, revisionId);
    await logPageAction(trx, {
      pageId: page.id,
      userId,
      action: 'workflow.start',
      title: fields.title,
      revisionId,
      data: await logData(trx, state, first.id),
    });
    await notifyTaskSubmitted(trx, { id: page.id, title: fields.title }, first, userId);
    return { page, outcome: 'submitted' };
  });
}

/** What a review form posts: the submission, the revision the reviewer was shown, and the task it showed. */
export type ReviewTarget = { stateId: number; revisionId: number; taskStateId?: number };

const when = (value: Date | string | null) => (value ? formatAdminTime(value) : 'an unknown time');

/** Why a submission can no longer be acted on, in words (someone else, or this user a moment ago). */
async function finishedMessage(
  db: Db,
  state: { status: string; finished_by_id: number | null; finished_at: Date | string | null },
  userId: number,
): Promise<string> {
  const who = state.finished_by_id === userId ? 'you' : ((await findUserName(db, state.finished_by_id)) ?? 'someone');
  const at = when(state.finished_at);
  switch (state.status) {
    case 'approved':
      return `This moderation request was already approved by ${who} at ${at}.`;
    case 'needs_changes':
    case 'rejected':
      return `Changes were already requested on this page by ${who} at ${at}.`;
    default:
      return `This moderation request was already cancelled by ${who} at ${at}.`;
  }
}

type ReviewContext = { page: Page; state: WorkflowState; taskState: WorkflowTaskState | undefined };

/**
 * Loads the page (row-locked, so review actions and saves on one page run one at a time) and the
 * submission a form posted. The permission check runs before anything is said about the
 * submission, then a finished, moved-on or resubmitted submission answers 409 with what happened.
 */
async function reviewContext(
  trx: Db,
  permissions: UserPagePermissions,
  pageId: number,
  target: ReviewTarget,
  allowed: (
    page: Page,
    state: WorkflowState | undefined,
    taskId: number | undefined,
    moved: boolean,
  ) => Promise<boolean> | boolean,
): Promise<ReviewContext> {
  const page = await pagesRepo.lockPage(trx, pageId);
  if (!page || page.depth === 1) throw notFound('The page does not exist.');
  const posted = await repo.findState(trx, target.stateId);
  const state = posted?.page_id === page.id ? posted : undefined;
  const inProgress = state?.status === 'in_progress' ? state : undefined;
  const taskState = inProgress?.current_task_state_id
    ? await repo.findTaskState(trx, inProgress.current_task_state_id)
    : undefined;
  // The form shows another task than the current one: the submission moved on since it was opened.
  const moved = target.taskStateId !== undefined && taskState?.id !== target.taskStateId;
  if (!(await allowed(page, state, taskState?.task_id, moved)))
    throw forbidden('You do not have permission to do this to the moderation request of this page.');
  if (!state) throw notFound('This moderation request does not exist.');
  if (state.status !== 'in_progress')
    throw new HttpError(409, 'workflow_finished', await finishedMessage(trx, state, permissions.userId));
  if (state.revision_id !== target.revisionId) {
    throw new HttpError(
      409,
      'workflow_resubmitted',
      'A newer version of this page was submitted for moderation after you opened it. Review the latest version, then try again.',
    );
  }
  if (moved) {
    // The form showed a task that has ended since (a colleague approved it, or the same form twice).
    const shown = await repo.findTaskState(trx, target.taskStateId!);
    if (shown?.workflow_state_id === state.id && shown.status !== 'in_progress')
      throw new HttpError(409, 'task_finished', await finishedMessage(trx, shown, permissions.userId));
    throw new HttpError(
      409,
      'task_moved',
      'This moderation request has moved on since you opened it. Review it again, then try again.',
    );
  }
  return { page, state, taskState };
}

/**
 * A member of the current task's groups. For a submission that ended or moved on since the form
 * was opened, any reviewer of its workflow (they hear what happened instead of a 403).
 */
const reviewer =
  (db: Db, permissions: UserPagePermissions) =>
  async (_page: Page, state: WorkflowState | undefined, taskId: number | undefined, moved: boolean) =>
    state && (state.status !== 'in_progress' || moved)
      ? mayReviewWorkflow(db, permissions, state.workflow_id)
      : mayReviewTask(db, permissions, taskId);

/** Ends the submission or says (409) that someone ended it first. */
async function finish(
  trx: Db,
  state: WorkflowState,
  userId: number,
  status: 'approved' | 'needs_changes' | 'cancelled',
  comment?: string,
): Promise<void> {
  const ended = await repo.finishState(trx, state.id, { status, finishedById: userId, comment });
  if (!ended)
    throw new HttpError(
      409,
      'workflow_finished',
      await finishedMessage(trx, (await repo.findState(trx, state.id))!, userId),
    );
}

async function finishTask(
  trx: Db,
  taskState: WorkflowTaskState | undefined,
  userId: number,
  status: 'approved' | 'rejected' | 'cancelled',
  comment?: string,
): Promise<void> {
  if (!taskState) return;
  const ended = await repo.finishTaskState(trx, taskState.id, { status, finishedById: userId, comment });
  if (!ended)
    throw new HttpError(
      409,
      'task_finished',
      await finishedMessage(trx, (await repo.findTaskState(trx, taskState.id))!, userId),
    );
}

export type ApproveOutcome = { page: Page; published: boolean; nextTask?: string };

/**
 * 'Approve' (with an optional comment): the current task ends approved. When another active task
 * follows, the submission moves to it and its groups are told; after the last task the submitted
 * revision (the one the reviewer saw) goes live now, keeping an expiry that is still ahead.
 * Drafts saved after the submission stay drafts.
 */
export async function approve(
  db: Db,
  permissions: UserPagePermissions,
  pageId: number,
  target: ReviewTarget,
  comment = '',
): Promise<ApproveOutcome> {
  return inTransaction(db, async (trx) => {
    const { page, state, taskState } = await reviewContext(
      trx,
      permissions,
      pageId,
      target,
      reviewer(trx, permissions),
    );
    await assertNotLockedForUser(trx, page, permissions.userId);
    await finishTask(trx, taskState, permissions.userId, 'approved', comment);
    const title = (await pagesRepo.findRevision(trx, state.revision_id))?.content.title ?? page.title;
    // A submission without a task state (none are made so, but rows may be inserted by hand) ends here.
    const next = taskState
      ? nextActiveTask(await workflowsRepo.workflowTasks(trx, state.workflow_id), taskState.task_id)
      : undefined;
    if (next) {
      await repo.startTaskState(trx, state, next.id, state.revision_id);
      const data = await logData(trx, state, taskState?.task_id, {
        next_task: next.name,
        ...(comment ? { comment } : {}),
      });
      await logPageAction(trx, {
        pageId: page.id,
        userId: permissions.userId,
        action: 'workflow.approve_task',
        title,
        revisionId: state.revision_id,
        data,
      });
      await notifyTaskSubmitted(trx, { id: page.id, title }, next, permissions.userId);
      return { page, published: false, nextTask: next.name };
    }
    await finish(trx, state, permissions.userId, 'approved', comment);
    const data = await logData(trx, state, taskState?.task_id, comment ? { comment } : {});
    await logPageAction(trx, {
      pageId: page.id,
      userId: permissions.userId,
      action: 'workflow.approve',
      title,
      revisionId: state.revision_id,
      data,
    });
    const expireAt = page.expire_at && new Date(page.expire_at) > new Date() ? new Date(page.expire_at) : null;
    const { page: published } = await publishOrSchedule(trx, page.id, state.revision_id, permissions.userId, {
      goLiveAt: null,
      expireAt,
    });
    await notifyApproved(trx, { id: page.id, title }, state.requested_by_id, permissions.userId, comment);
    return { page: published, published: true };
  });
}

/** 'Request changes': the task and the submission end (rejected / needs_changes) with the reviewer's comment. */
export async function requestChanges(
  db: Db,
  permissions: UserPagePermissions,
  pageId: number,
  target: ReviewTarget,
  comment: string,
): Promise<Page> {
  return inTransaction(db, async (trx) => {
    const { page, state, taskState } = await reviewContext(
      trx,
      permissions,
      pageId,
      target,
      reviewer(trx, permissions),
    );
    const title = (await pagesRepo.findRevision(trx, state.revision_id))?.content.title ?? page.title;
    await finishTask(trx, taskState, permissions.userId, 'rejected', comment);
    await finish(trx, state, permissions.userId, 'needs_changes', comment);
    const data = await logData(trx, state, taskState?.task_id, { comment });
    await logPageAction(trx, {
      pageId: page.id,
      userId: permissions.userId,
      action: 'workflow.reject',
      title: page.title,
      revisionId: state.revision_id,
      data,
    });
    const task = taskState ? await workflowsRepo.findTask(trx, taskState.task_id) : undefined;
    await notifyRejected(
      trx,
      { id: page.id, title },
      { name: task?.name ?? '' },
      state.requested_by_id,
      permissions.userId,
      comment,
    );
    return page;
  });
}

/** 'Cancel workflow': the page leaves moderation; its drafts stay as they are. */
export async function cancel(
  db: Db,
  permissions: UserPagePermissions,
  pageId: number,
  target: ReviewTarget,
): Promise<Page> {
  return inTransaction(db, async (trx) => {
    const { page, state, taskState } = await reviewContext(trx, permissions, pageId, target, (p, s) =>
      mayCancel(permissions, p, s?.status === 'in_progress' ? s : undefined),
    );
    await finishTask(trx, taskState, permissions.userId, 'cancelled');
    await finish(trx, state, permissions.userId, 'cancelled');
    await logPageAction(trx, {
      pageId: page.id,
      userId: permissions.userId,
      action: 'workflow.cancel',
      title: page.title,
      revisionId: state.revision_id,
      data: await logData(trx, state, taskState?.task_id),
    });
    return page;
  });
}
