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
import { DEFAULT_WORKFLOW, mayCancel, mayReview } from './default-workflow';
import * as repo from './repo';
import type { WorkflowState } from './table';

export type SubmitOutcome = 'submitted' | 'resubmitted' | 'unchanged';

const logData = (state: WorkflowState, extra: Record<string, unknown> = {}) => ({
  workflow: DEFAULT_WORKFLOW.name,
  task: DEFAULT_WORKFLOW.task.name,
  workflow_state_id: state.id,
  ...extra,
});

/**
 * The edit form's 'Submit for moderation': saves the form as a new draft revision (exactly as
 * Save draft, with its stale-form and lock checks) and puts that revision under review. A page
 * already in moderation moves its submission onto the new revision (a resubmit); the same form
 * posted twice finds its revision already under review and changes nothing.
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
    const page = await saveRevision(trx, pageId, userId, fields, { ...options, publish: false });
    const revisionId = page.latest_revision_id;
    if (revisionId === null) throw new HttpError(409, 'no_revision', 'The page has no revision to submit.');
    const current = await repo.findInProgress(trx, page.id);
    if (current?.revision_id === revisionId) return { page, outcome: 'unchanged' };
    const state = current ? await repo.moveToRevision(trx, current.id, revisionId, userId) : await repo.insertState(trx, { page_id: page.id, revision_id: revisionId, requested_by_id: userId });
    await logPageAction(trx, { pageId: page.id, userId, action: current ? 'workflow.resubmit' : 'workflow.start', title: fields.title, revisionId, data: logData(state) });
    return { page, outcome: current ? 'resubmitted' : 'submitted' };
  });
}

/** What a review form posts: the submission and the revision the reviewer was shown. */
export type ReviewTarget = { stateId: number; revisionId: number };

const when = (value: Date | string | null) => (value ? `${new Date(value).toISOString().slice(0, 16).replace('T', ' ')} UTC` : 'an unknown time');

/** Why a submission can no longer be acted on, in words (someone else, or this user a moment ago). */
async function finishedMessage(db: Db, state: WorkflowState, userId: number): Promise<string> {
  const who = state.finished_by_id === userId ? 'you' : ((await findUserName(db, state.finished_by_id)) ?? 'someone');
  const at = when(state.finished_at);
  switch (state.status) {
    case 'approved':
      return `This moderation request was already approved by ${who} at ${at}.`;
    case 'needs_changes':
      return `Changes were already requested on this page by ${who} at ${at}.`;
    default:
      return `This moderation request was already cancelled by ${who} at ${at}.`;
  }
}

/**
 * Loads the page (row-locked, so review actions and saves on one page run one at a time) and the
 * submission a form posted. The permission check runs before anything is said about the
 * submission, then a finished or resubmitted submission answers 409 with what happened.
 */
async function reviewContext(
  trx: Db,
  permissions: UserPagePermissions,
  pageId: number,
  target: ReviewTarget,
  allowed: (page: Page, state: WorkflowState | undefined) => boolean,
): Promise<{ page: Page; state: WorkflowState }> {
  const page = await pagesRepo.lockPage(trx, pageId);
  if (!page || page.depth === 1) throw notFound('The page does not exist.');
  const posted = await repo.findState(trx, target.stateId);
  const state = posted?.page_id === page.id ? posted : undefined;
  if (!allowed(page, state?.status === 'in_progress' ? state : undefined)) throw forbidden('You do not have permission to do this to the moderation request of this page.');
  if (!state) throw notFound('This moderation request does not exist.');
  if (state.status !== 'in_progress') throw new HttpError(409, 'workflow_finished', await finishedMessage(trx, state, permissions.userId));
  if (state.revision_id !== target.revisionId) {
    throw new HttpError(409, 'workflow_resubmitted', 'A newer version of this page was submitted for moderation after you opened it. Review the latest version, then try again.');
  }
  return { page, state };
}

/** Ends the submission or says (409) that someone ended it first. */
async function finish(trx: Db, state: WorkflowState, userId: number, status: 'approved' | 'needs_changes' | 'cancelled', comment?: string): Promise<void> {
  const ended = await repo.finishState(trx, state.id, { status, finishedById: userId, comment });
  if (!ended) throw new HttpError(409, 'workflow_finished', await finishedMessage(trx, (await repo.findState(trx, state.id))!, userId));
}

/**
 * 'Approve and publish': the submitted revision (the one the reviewer saw) goes live now, keeping
 * an expiry that is still ahead. Drafts saved after the submission stay drafts.
 */
export async function approve(db: Db, permissions: UserPagePermissions, pageId: number, target: ReviewTarget): Promise<Page> {
  return inTransaction(db, async (trx) => {
    const { page, state } = await reviewContext(trx, permissions, pageId, target, (p) => mayReview(permissions, p));
    await assertNotLockedForUser(trx, page, permissions.userId);
    await finish(trx, state, permissions.userId, 'approved');
    const title = (await pagesRepo.findRevision(trx, state.revision_id))?.content.title ?? page.title;
    await logPageAction(trx, { pageId: page.id, userId: permissions.userId, action: 'workflow.approve', title, revisionId: state.revision_id, data: logData(state) });
    const expireAt = page.expire_at && new Date(page.expire_at) > new Date() ? new Date(page.expire_at) : null;
    const { page: published } = await publishOrSchedule(trx, page.id, state.revision_id, permissions.userId, { goLiveAt: null, expireAt });
    return published;
  });
}

/** 'Request changes': the submission ends as needs_changes with the reviewer's optional comment. */
export async function requestChanges(db: Db, permissions: UserPagePermissions, pageId: number, target: ReviewTarget, comment: string): Promise<Page> {
  return inTransaction(db, async (trx) => {
    const { page, state } = await reviewContext(trx, permissions, pageId, target, (p) => mayReview(permissions, p));
    await finish(trx, state, permissions.userId, 'needs_changes', comment);
    await logPageAction(trx, { pageId: page.id, userId: permissions.userId, action: 'workflow.reject', title: page.title, revisionId: state.revision_id, data: logData(state, { comment }) });
    return page;
  });
}

/** 'Cancel workflow': the page leaves moderation; its drafts stay as they are. */
export async function cancel(db: Db, permissions: UserPagePermissions, pageId: number, target: ReviewTarget): Promise<Page> {
  return inTransaction(db, async (trx) => {
    const { page, state } = await reviewContext(trx, permissions, pageId, target, (p, s) => mayCancel(permissions, p, s));
    await finish(trx, state, permissions.userId, 'cancelled');
    await logPageAction(trx, { pageId: page.id, userId: permissions.userId, action: 'workflow.cancel', title: page.title, revisionId: state.revision_id, data: logData(state) });
    return page;
  });
}
