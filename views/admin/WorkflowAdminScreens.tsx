import { CsrfField } from './CsrfField';
import { CheckboxField, CheckboxGroup, TextField } from './FormFields';
import { SettingsForm } from './SettingsForm';
import { PageNumberAdder, WorkflowPageRows, WorkflowTaskRows, type PageRowValue } from './WorkflowFormRows';

/**
 * The forms of workflows and tasks (Wagtail's /admin/workflows/...); their lists are the admin
 * viewset's (server/modules/admin/workflows/).
 */

type Choice = { value: string; label: string };

/** Enable / disable, a separate small form (never nested in the edit form). */
function ToggleForm({
  csrfToken,
  action,
  active,
  what,
}: {
  csrfToken: string;
  action: string;
  active: boolean;
  what: string;
}) {
  return (
    <form method="post" action={action} className="admin-inline-form">
      <CsrfField token={csrfToken} />
      <button type="submit" className="admin-button admin-button--secondary">
        {active ? `Disable this ${what}` : `Enable this ${what}`}
      </button>
    </form>
  );
}

export type WorkflowFormValues = {
  name: string;
  /** Task ids in order, as posted (a blank is a row with no task chosen yet). */
  tasks: string[];
  pages: PageRowValue[];
  /** A page number typed without JavaScript, not added yet. */
  new_page: string;
  /** The control to focus after a form-changing button redisplayed the form (its `form_action`). */
  focus?: string;
};

/** What the workflow editor (client/admin/workflow-editor/) reads from the form; the task rows it reads from the selects. */
export type WorkflowEditorData = {
  choices: Choice[];
  pages: PageRowValue[];
  errors: { tasks?: string; pages?: string; new_page?: string };
};

export type WorkflowFormScreenProps = {
  csrfToken: string;
  /** The saved row's version the form was opened on (a form opened before another save is refused). */
  version?: number;
  workflowId?: number;
  active: boolean;
  values: WorkflowFormValues;
  taskChoices: Choice[];
  fieldErrors: Partial<Record<string, string>>;
  nonFieldErrors: string[];
  canToggle: boolean;
  message?: string;
  /** A note that is not an error (disabled tasks the saved workflow still lists). */
  notice?: string;
};

/** The fields as the error summary names and links them, in the form's order. */
const WORKFLOW_LABELS = [
  { name: 'name', label: 'Name' },
  { name: 'tasks', label: 'Tasks' },
  { name: 'pages', label: 'Assigned pages' },
  { name: 'new_page', label: 'Add a page' },
];
const TASK_LABELS = [
  { name: 'name', label: 'Name' },
  { name: 'groups', label: 'Groups' },
  { name: 'restart_on_new_revision', label: 'Restart this task when a new draft is saved' },
];

export function WorkflowFormScreen({
  csrfToken,
  version,
  workflowId,
  active,
  values,
  taskChoices,
  fieldErrors,
  nonFieldErrors,
  canToggle,
  message,
  notice,
}: WorkflowFormScreenProps) {
  const adding = workflowId === undefined;
  return (
    <SettingsForm
      title={adding ? 'Add workflow' : `Editing ${values.name}`}
      back={{ href: '/wagtail/workflows/list/', label: 'Back to workflows' }}
      csrfToken={csrfToken}
      action={adding ? '/wagtail/workflows/add/' : `/wagtail/workflows/edit/${workflowId}/`}
      noun="workflow"
      labels={WORKFLOW_LABELS}
      submitLabel={adding ? 'Create' : 'Save'}
      fieldErrors={fieldErrors}
      nonFieldErrors={nonFieldErrors}
      message={message}
      wide
      notices={
        <>
          {!active ? (
            <p className="admin-warning">This workflow is disabled: it applies to no page until it is enabled again.</p>
          ) : null}
          {notice ? <p className="admin-warning">{notice}</p> : null}
        </>
      }
      after={
        !adding && canToggle ? (
          <ToggleForm
            csrfToken={csrfToken}
            action={`/wagtail/workflows/${active ? 'disable' : 'enable'}/${workflowId}/`}
            active={active}
            what="workflow"
          />
        ) : null
      }
    >
      {/* Enter in a text field presses the form's first submit button: this one saves (the row buttons only change the form). */}
      <button type="submit" hidden tabIndex={-1}>
        {adding ? 'Create' : 'Save'}
      </button>
      {version !== undefined ? <input type="hidden" name="version" value={version} /> : null}
      <TextField name="name" label="Name" required value={values.name} error={fieldErrors.name} autoComplete="off" />
      <div
        data-workflow-editor={JSON.stringify({
          choices: taskChoices,
          pages: values.pages,
          errors: { tasks: fieldErrors.tasks, pages: fieldErrors.pages, new_page: fieldErrors.new_page },
        } satisfies WorkflowEditorData)}
      >
        <WorkflowTaskRows
          rows={values.tasks.map((value, index) => ({ key: `t${index}`, value }))}
          choices={taskChoices}
          error={fieldErrors.tasks}
          focus={values.focus}
        />
        <WorkflowPageRows
          pages={values.pages}
          error={fieldErrors.pages}
          focus={values.focus}
          adder={<PageNumberAdder value={values.new_page} error={fieldErrors.new_page} focus={values.focus} />}
        />
      </div>
    </SettingsForm>
  );
}

export type TaskFormValues = { name: string; groups: string[]; restart_on_new_revision: boolean };

export type TaskFormScreenProps = {
  csrfToken: string;
  /** The saved row's version the form was opened on (a form opened before another save is refused). */
  version?: number;
  taskId?: number;
  active: boolean;
  values: TaskFormValues;
  groupChoices: Choice[];
  fieldErrors: Partial<Record<string, string>>;
  nonFieldErrors: string[];
  canToggle: boolean;
  message?: string;
};

export function TaskFormScreen({
  csrfToken,
  version,
  taskId,
  active,
  values,
  groupChoices,
  fieldErrors,
  nonFieldErrors,
  canToggle,
  message,
}: TaskFormScreenProps) {
  const adding = taskId === undefined;
  return (
    <SettingsForm
      title={adding ? 'Add group approval task' : `Editing ${values.name}`}
      back={{ href: '/wagtail/workflows/tasks/index/', label: 'Back to tasks' }}
      csrfToken={csrfToken}
      action={adding ? '/wagtail/workflows/tasks/add/' : `/wagtail/workflows/tasks/edit/${taskId}/`}
      noun="task"
      labels={TASK_LABELS}
      submitLabel={adding ? 'Create' : 'Save'}
      fieldErrors={fieldErrors}
      nonFieldErrors={nonFieldErrors}
      message={message}
      wide
      notices={
        !active ? (
          <p className="admin-warning">This task is disabled: workflows skip it, and it cannot be added to one.</p>
        ) : null
      }
      after={
        !adding && canToggle ? (
          <ToggleForm
            csrfToken={csrfToken}
            action={`/wagtail/workflows/tasks/${active ? 'disable' : 'enable'}/${taskId}/`}
            active={active}
            what="task"
          />
        ) : null
      }
    >
      {version !== undefined ? <input type="hidden" name="version" value={version} /> : null}
      <TextField name="name" label="Name" required value={values.name} error={fieldErrors.name} autoComplete="off" />
      <CheckboxGroup
        name="groups"
        legend="Groups"
        selected={values.groups}
        options={groupChoices}
        error={fieldErrors.groups}
        help="Any member of these groups may approve or request changes at this task."
      />
      <CheckboxField
        name="restart_on_new_revision"
        label="Restart this task when a new draft is saved"
        checked={values.restart_on_new_revision}
        help="On: a draft saved while the page waits at this task puts that draft up for review, and the task starts again. Off: the submitted version stays the one reviewed."
      />
    </SettingsForm>
  );
}
