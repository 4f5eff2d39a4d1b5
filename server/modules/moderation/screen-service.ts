import type { Db } from '../../db';
import type { DashboardPending, ModerationPanels } from '../../../shared/admin/dashboard';
import type { ModerationView, PendingModeration, WorkflowStepView } from '../../../shared/admin/moderation';
import type { Page } from '../pages/table';
import type { UserPagePermissions } from '../permissions/policy';
import * as workflowsRepo from '../workflows/repo';
import type { WorkflowTask } from '../workflows/table';
import * as moderationRepo from './repo';
import { mayCancel, mayReviewTask, mayReviewWorkflow } from './rules';
import type { WorkflowState } from './table';

/** What the back-office screens show of moderation: the edit screen's banner and the dashboard's panels. */

const PANEL_LIMIT = 20;
const iso = (value: Date | string | null) => new Date(value ?? 0).toISOString();

/** The current task of a submission: its state id, name, and whether it is the last active one. */
async function currentTask(
  db: Db,
  state: Pick<WorkflowState, 'workflow_id' | 'current_task_state_id'>,
  tasks?: WorkflowTask[],
) {
  if (!state.current_task_state_id) return {};
  const taskState = await moderationRepo.findTaskState(db, state.current_task_state_id);
  if (!taskState) return {};
  const ordered = tasks ?? (await workflowsRepo.workflowTasks(db, state.workflow_id));
  const at = ordered.findIndex((task) => task.id === taskState.task_id);
  return {
    taskStateId: taskState.id,
    taskId: taskState.task_id,
    taskName: ordered[at]?.name ?? (await workflowsRepo.findTask(db, taskState.task_id))?.name,
    lastTask: !ordered.slice(at + 1).some((task) => task.active),
  };
}

async function pendingItem(
  db: Db,
  row: moderationRepo.PendingListing,
  permissions: UserPagePermissions,
): Promise<DashboardPending> {
  const { taskId: _taskId, ...task } = await currentTask(db, {
    workflow_id: row.workflow_id,
    current_task_state_id: row.task_state_id,
  });
  return {
    stateId: row.id,
    revisionId: row.revision_id,
    requestedBy: row.requested_by_name,
    requestedAt: iso(row.created_at),
    ...task,
    pageId: row.page_id,
    title: row.title,
    canCancel: mayCancel(permissions, { ...row, id: row.page_id }, row),
  };
}

/** 'Awaiting your review' and 'Your pages in moderation' (Wagtail's home panels). */
export async function moderationPanels(
  db: Db,
  userId: number,
  permissions: UserPagePermissions,
): Promise<ModerationPanels> {
  // Submissions whose current task belongs to one of the user's groups (all, for a superuser).
  const review = await moderationRepo.listPendingForReviewer(db, permissions.isSuperuser ? null : userId, PANEL_LIMIT);
  const mine = await moderationRepo.listPendingRequestedBy(db, userId, PANEL_LIMIT);
  return {
    awaitingReview: await Promise.all(review.map((row) => pendingItem(db, row, permissions))),
    yourModeration: await Promise.all(mine.map((row) => pendingItem(db, row, permissions))),
  };
}

/** Each task of the workflow with how far this submission got: Wagtail's workflow progress panel. */
async function stepsOf(db: Db, state: WorkflowState, tasks: WorkflowTask[]): Promise<WorkflowStepView[]> {
  const taskStates = await moderationRepo.taskStatesOf(db, state.id);
  return tasks
    .filter((task) => task.active || taskStates.some((ts) => ts.task_id === task.id))
    .map((task) => {
      // The latest state of this task in this submission (a restart leaves cancelled ones behind).
      const latest = [...taskStates].reverse().find((ts) => ts.task_id === task.id && ts.status !== 'cancelled');
      if (!latest) return { name: task.name, status: task.active ? 'not_started' : 'skipped' };
      if (latest.status === 'approved')
        return {
          name: task.name,
          status: 'approved',
          by: latest.finished_by_name,
          at: iso(latest.finished_at),
          comment: latest.comment,
        };
      return { name: task.name, status: latest.status === 'in_progress' ? 'in_progress' : 'skipped' };
    });
}

/** The edit screen's moderation banner and buttons for this viewer. */
export async function moderationView(db: Db, page: Page, permissions: UserPagePermissions): Promise<ModerationView> {
  const latest = await moderationRepo.findLatestState(db, page.id);
  const inProgress = latest?.status === 'in_progress' ? latest : undefined;
  const applying = await workflowsRepo.workflowForPath(db, page.path);
  let view: ModerationView['inProgress'] = null;
  if (inProgress) {
    const tasks = await workflowsRepo.workflowTasks(db, inProgress.workflow_id);
    const { taskId, ...task } = await currentTask(db, inProgress, tasks);
    view = {
      stateId: inProgress.id,
      revisionId: inProgress.revision_id,
      requestedBy: inProgress.requested_by_name,
      requestedAt: iso(inProgress.created_at),
      ...task,
      workflowName: (await workflowsRepo.findWorkflow(db, inProgress.workflow_id))?.name ?? '',
      steps: await stepsOf(db, inProgress, tasks),
      byMe: inProgress.requested_by_id === permissions.userId,
      canReview: await mayReviewTask(db, permissions, taskId),
      canCancel: mayCancel(permissions, page, inProgress),
      newerDraft: page.latest_revision_id !== inProgress.revision_id,
    };
  }
  let changesRequested: ModerationView['changesRequested'] = null;
  if (latest?.status === 'needs_changes') {
    const rejected = (await moderationRepo.taskStatesOf(db, latest.id)).find((ts) => ts.status === 'rejected');
    changesRequested = {
      by: latest.finished_by_name,
      at: iso(latest.finished_at),
      comment: latest.comment,
      taskName: rejected?.task_name,
    };
  }
  return {
    workflowName: applying?.name ?? null,
    canPublish: permissions.can('publish', page),
    inProgress: view,
    changesRequested,
  };
}

/** The submission in progress on a page, as the comment screens show it (undefined: none). */
export async function pendingModeration(db: Db, pageId: number): Promise<PendingModeration | undefined> {
  const latest = await moderationRepo.findLatestState(db, pageId);
  if (latest?.status !== 'in_progress') return undefined;
  const { taskId: _taskId, ...task } = await currentTask(db, latest);
  return {
    stateId: latest.id,
    revisionId: latest.revision_id,
    requestedBy: latest.requested_by_name,
    requestedAt: iso(latest.created_at),
    ...task,
  };
}

/** The submission in progress on a page, for the permission checks (undefined: none). */
export function inProgressState(db: Db, pageId: number): Promise<WorkflowState | undefined> {
  return moderationRepo.findInProgress(db, pageId);
}

/**
 * Whether the user may open the review actions of the page: do the current task of its
 * submission, or (when none is in progress) belong to the workflow of its latest submission (or
 * of the page), so a late form hears what happened instead of a 403. A posted form from any
 * reviewer of the workflow goes on to the service, which checks it against the current task.
 */
export async function mayReviewPage(
  db: Db,
  permissions: UserPagePermissions,
  page: Pick<Page, 'id' | 'path'>,
  options: { posted?: boolean } = {},
): Promise<boolean> {
  const state = await moderationRepo.findLatestState(db, page.id);
  if (!state) {
    // Never submitted: the reviewers of the workflow that applies to it.
    const workflow = await workflowsRepo.workflowForPath(db, page.path);
    return workflow ? mayReviewWorkflow(db, permissions, workflow.id) : permissions.isSuperuser;
  }
  if (state.status !== 'in_progress') return mayReviewWorkflow(db, permissions, state.workflow_id);
  const taskState = state.current_task_state_id
    ? await moderationRepo.findTaskState(db, state.current_task_state_id)
    : undefined;
  if (await mayReviewTask(db, permissions, taskState?.task_id)) return true;
  // A posted form may be for an earlier task (approved since): the service says so, precisely.
  return options.posted === true && mayReviewWorkflow(db, permissions, state.workflow_id);
}
