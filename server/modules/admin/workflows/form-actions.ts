import type { WorkflowFormValues } from '../../../../views/admin/WorkflowAdminScreens';
import { moved } from '../../../../shared/admin/ordered-list';

/**
 * The workflow form's buttons that change the form rather than save it, so tasks can be added,
 * reordered and removed, and pages added and removed, without JavaScript. Each is a submit button
 * named `form_action`; the server applies it to what was posted and shows the form again.
 */
export type WorkflowFormAction =
  | { kind: 'add-task' }
  | { kind: 'task-up' | 'task-down' | 'task-remove'; index: number }
  | { kind: 'page-add' }
  | { kind: 'page-remove'; id: number };

/** The posted `form_action`, or undefined (the post is a save, or the value is not one of ours). */
export function formActionOf(value: unknown): WorkflowFormAction | undefined {
  if (value === 'add-task' || value === 'page-add') return { kind: value };
  if (typeof value !== 'string') return undefined;
  const match = /^(task-up|task-down|task-remove|page-remove):(\d{1,9})$/.exec(value);
  if (!match) return undefined;
  const number = Number(match[2]);
  return match[1] === 'page-remove'
    ? { kind: 'page-remove', id: number }
    : { kind: match[1] as 'task-up' | 'task-down' | 'task-remove', index: number };
}

/** The most task rows a form holds (a workflow of more steps than this is not a workflow). */
export const MAX_TASK_ROWS = 50;

/**
 * The form after a task button: the rows changed, the control to focus (the moved row's button,
 * or the other direction's at either end; the new row's select; the Add button after a removal)
 * and a sentence saying what happened.
 */
export function applyTaskAction(
  values: WorkflowFormValues,
  action: Extract<WorkflowFormAction, { index: number }> | { kind: 'add-task' },
  taskLabel: (value: string) => string | undefined,
): { values: WorkflowFormValues; message: string } {
  const { tasks } = values;
  if (action.kind === 'add-task') {
    if (tasks.length >= MAX_TASK_ROWS)
      return { values: { ...values, focus: 'add-task' }, message: `A workflow has at most ${MAX_TASK_ROWS} tasks.` };
    return {
      values: { ...values, tasks: [...tasks, ''], focus: `tasks:${tasks.length}` },
      message: `Added task ${tasks.length + 1}: choose it in the list.`,
    };
  }
  const { index } = action;
  if (index >= tasks.length) return { values, message: 'That task is no longer in the form.' };
  const name = taskLabel(tasks[index]!) ?? `task ${index + 1}`;
  if (action.kind === 'task-remove') {
    return {
      values: { ...values, tasks: tasks.filter((_, i) => i !== index), focus: 'add-task' },
      message: `Removed ${name} from the tasks (not saved yet).`,
    };
  }
  const by = action.kind === 'task-up' ? -1 : 1;
  const to = Math.min(Math.max(index + by, 0), tasks.length - 1);
  const atEdge = (by < 0 && to === 0) || (by > 0 && to === tasks.length - 1);
  const direction = atEdge === by < 0 ? 'down' : 'up';
  return {
    values: { ...values, tasks: moved(tasks, index, by), focus: `task-${direction}:${to}` },
    message: `Moved ${name} to position ${to + 1} of ${tasks.length} (not saved yet).`,
  };
}
