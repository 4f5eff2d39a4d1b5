import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { WorkflowEditorData } from '../../../views/admin/WorkflowAdminScreens';
import { WorkflowEditor } from './WorkflowEditor';

/**
 * Puts the workflow editor in place of the server-rendered task and page rows. It starts from
 * what the selects hold now (changed before the script arrived, or posted and shown again), so
 * nothing chosen is lost; the rows it draws post the same fields.
 */
export function startWorkflowEditor(): void {
  const wrapper = document.querySelector<HTMLElement>('[data-workflow-editor]');
  const json = wrapper?.dataset.workflowEditor;
  if (!wrapper || !json) return;
  const data = JSON.parse(json) as WorkflowEditorData;
  const tasks = [...wrapper.querySelectorAll<HTMLSelectElement>('select[name="tasks"]')].map((select) => select.value);
  const typedPage = wrapper.querySelector<HTMLInputElement>('input[name="new_page"]')?.value.trim() ?? '';
  const mount = document.createElement('div');
  wrapper.replaceWith(mount);
  createRoot(mount).render(
    <StrictMode>
      <WorkflowEditor data={data} initialTasks={tasks} typedPage={typedPage} />
    </StrictMode>,
  );
}

startWorkflowEditor();
