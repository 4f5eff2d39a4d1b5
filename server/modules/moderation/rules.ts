import type { Db } from '../../db';
import type { PageRef, UserPagePermissions } from '../permissions/policy';
import { isGroupMember, taskGroupIds, workflowTasks } from '../workflows/repo';

/**
 * Who may act on a submission. A group approval task is done by any member of its groups, as in
 * Wagtail's GroupApprovalTask (superusers may do every task); approving the last task publishes,
 * whether or not the reviewer could publish by hand: the workflow is the permission.
 */
export async function mayReviewTask(
  db: Db,
  permissions: UserPagePermissions,
  taskId: number | null | undefined,
): Promise<boolean> {
  if (permissions.isSuperuser) return true;
  if (!taskId) return false;
  return isGroupMember(db, permissions.userId, await taskGroupIds(db, taskId));
}

/**
 * Whether the user may hear about a submission that is no longer at a task they could do (it
 * ended, or moved on): a member of any task group of its workflow. They get 'already approved by
 * ...' instead of a 403 when their form arrives late.
 */
export async function mayReviewWorkflow(
  db: Db,
  permissions: UserPagePermissions,
  workflowId: number,
): Promise<boolean> {
  if (permissions.isSuperuser) return true;
  for (const task of await workflowTasks(db, workflowId)) {
    if (await isGroupMember(db, permissions.userId, await taskGroupIds(db, task.id))) return true;
  }
  return false;
}

/** Whether the user may cancel a submission: whoever asked for it, or anyone who may edit the page. */
export function mayCancel(
  permissions: UserPagePermissions,
  page: PageRef,
  state: { requested_by_id: number | null } | undefined,
): boolean {
  return permissions.can('change', page) || (state !== undefined && state.requested_by_id === permissions.userId);
}
