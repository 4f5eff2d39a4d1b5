import type { Db } from '../../db';
import { logPageAction } from '../audit/service';
import { findTask, findWorkflow } from '../workflows/repo';
import * as repo from './repo';

/**
 * A draft saved while the page is in moderation (Wagtail's rule, chosen per task here instead of
 * the global WAGTAIL_WORKFLOW_REQUIRE_REAPPROVAL_ON_EDIT): when the current task has 'restart on
 * new revision', that task starts again on the new draft, so reviewers approve what they last saw
 * edited; otherwise the submission stays on the revision that was submitted (approving publishes
 * that one). Autosaves never restart a task. Call inside the save transaction, page row locked.
 */
export async function restartTaskOnNewDraft(
  trx: Db,
  page: { id: number },
  revisionId: number,
  userId: number,
  title: string,
): Promise<void> {
  const current = await repo.findInProgress(trx, page.id);
  if (!current?.current_task_state_id || current.revision_id === revisionId) return;
  const taskState = await repo.findTaskState(trx, current.current_task_state_id);
  if (!taskState) return;
  const task = await findTask(trx, taskState.task_id);
  if (!task?.restart_on_new_revision) return;
  await repo.finishTaskState(trx, taskState.id, { status: 'cancelled', finishedById: userId });
  await repo.startTaskState(trx, current, task.id, revisionId);
  const workflow = await findWorkflow(trx, current.workflow_id);
  await logPageAction(trx, {
    pageId: page.id,
    userId,
    action: 'workflow.restart_task',
    title,
    revisionId,
    data: { workflow: workflow?.name ?? '', task: task.name, workflow_state_id: current.id },
  });
}
