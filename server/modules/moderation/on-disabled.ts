import type { Db } from '../../db';
import { logPageAction } from '../audit/service';
import type { DisabledListener } from '../workflows/service';
import { findWorkflow, workflowTasks } from '../workflows/repo';
import type { Workflow } from '../workflows/table';
import { nextActiveTask } from './next-task';
import * as repo from './repo';

/**
 * What disabling a task or a workflow does to the pages in moderation (registered with the
 * workflows module in server/composition.ts). Submissions standing at a disabled task move on to
 * the next active task of their workflow (Wagtail cancels the task state and updates the
 * workflow state); with none left they are cancelled, never published unseen. Disabling a
 * workflow (Wagtail's Workflow.deactivate) cancels every submission in progress.
 */
export const moderationOnDisabled: DisabledListener = {
  async taskDisabled(trx, taskId, userId) {
    for (const state of await repo.inProgressStatesOfTask(trx, taskId))
      await moveOnFromDisabledTask(trx, state, taskId, userId);
  },
  async workflowDisabled(trx, workflow, userId) {
    for (const state of await repo.inProgressStatesOfWorkflow(trx, workflow.id)) {
      await repo.lockPageRow(trx, state.page_id);
      if (state.current_task_state_id)
        await repo.finishTaskState(trx, state.current_task_state_id, { status: 'cancelled', finishedById: userId });
      await cancel(trx, state, workflow, userId, 'workflow_disabled');
    }
  },
};

async function moveOnFromDisabledTask(
  trx: Db,
  state: repo.InProgressState,
  taskId: number,
  userId: number,
): Promise<void> {
  await repo.lockPageRow(trx, state.page_id);
  if (state.current_task_state_id)
    await repo.finishTaskState(trx, state.current_task_state_id, { status: 'cancelled', finishedById: userId });
  const next = nextActiveTask(await workflowTasks(trx, state.workflow_id), taskId);
  if (next) {
    await repo.startTaskState(trx, state, next.id, state.revision_id);
    return;
  }
  await cancel(trx, state, await findWorkflow(trx, state.workflow_id), userId, 'task_disabled');
}

async function cancel(
  trx: Db,
  state: repo.InProgressState,
  workflow: Workflow | undefined,
  userId: number,
  reason: 'task_disabled' | 'workflow_disabled',
): Promise<void> {
  await repo.finishState(trx, state.id, { status: 'cancelled', finishedById: userId });
  await logPageAction(trx, {
    pageId: state.page_id,
    userId,
    action: 'workflow.cancel',
    title: (await repo.pageTitle(trx, state.page_id)) ?? '',
    revisionId: state.revision_id,
    data: { workflow: workflow?.name ?? '', workflow_state_id: state.id, reason },
  });
}
