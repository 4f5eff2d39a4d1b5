import type { Db } from '../../db';
import { logPageAction } from '../audit/service';
import { findTask, findWorkflow } from '../workflows/repo';
import * as repo from './repo';

/**
 * Publishing a page by hand ends its moderation (Wagtail's WAGTAIL_WORKFLOW_CANCEL_ON_PUBLISH,
 * on by default): the submission and its current task are cancelled and the log says why. Call
 * inside the publish transaction, with the page row locked. Approving the last task ends the
 * submission before it publishes, so it never gets here with one in progress.
 */
export async function cancelModerationOnPublish(
  trx: Db,
  page: { id: number; title: string },
  userId: number | null,
): Promise<void> {
  const current = await repo.findInProgress(trx, page.id);
  if (!current) return;
  const taskState = current.current_task_state_id
    ? await repo.findTaskState(trx, current.current_task_state_id)
    : undefined;
  if (taskState) await repo.finishTaskState(trx, taskState.id, { status: 'cancelled', finishedById: userId });
  await repo.finishState(trx, current.id, { status: 'cancelled', finishedById: userId });
  const workflow = await findWorkflow(trx, current.workflow_id);
  const task = taskState ? await findTask(trx, taskState.task_id) : undefined;
  await logPageAction(trx, {
    pageId: page.id,
    userId,
    action: 'workflow.cancel',
    title: page.title,
    revisionId: current.revision_id,
    data: {
      workflow: workflow?.name ?? '',
      ...(task ? { task: task.name } : {}),
      workflow_state_id: current.id,
      reason: 'published',
    },
  });
}
