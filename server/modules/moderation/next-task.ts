import type { WorkflowTask } from '../workflows/table';

/** The task after `taskId` in the workflow's order that is still active (disabled tasks are skipped; null: the first). */
export function nextActiveTask(tasks: WorkflowTask[], taskId: number | null): WorkflowTask | undefined {
  const from = taskId === null ? -1 : tasks.findIndex((task) => task.id === taskId);
  return tasks.slice(from + 1).find((task) => task.active);
}
