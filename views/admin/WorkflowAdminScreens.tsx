import { CsrfField } from './CsrfField';
import { CheckboxField, CheckboxGroup, FieldNotes, TextField, describedBy } from './FormFields';
import { SettingsForm } from './SettingsForm';

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

/** Numbered selects: an ordered multiple choice that works without JavaScript (blank ones are ignored). */
function OrderedSelects({
  name,
  legend,
  help,
  error,
  values,
  choices,
  slots,
  itemLabel,
}: {
  name: string;
  legend: string;
  help: string;
  error?: string;
  values: string[];
  choices: Choice[];
  slots: number;
  itemLabel: string;
}) {
  const id = `id_${name}`;
  const count = Math.max(slots, values.length + 2);
  return (
    <fieldset
      className={`admin-field admin-fieldset${error ? ' admin-field--error' : ''}`}
      aria-describedby={describedBy(id, help, error)}
    >
      <legend>{legend}</legend>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="admin-field">
          <label htmlFor={`${id}_${index}`}>{`${itemLabel} ${index + 1}`}</label>
          <select
            id={`${id}_${index}`}
            name={name}
            defaultValue={values[index] ?? ''}
            aria-invalid={error ? true : undefined}
          >
            <option value="">—</option>
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      <FieldNotes id={id} help={help} error={error} />
    </fieldset>
  );
}

export type WorkflowFormValues = { name: string; tasks: string[]; pages: string[] };

export type WorkflowFormScreenProps = {
  csrfToken: string;
  /** The saved row's version the form was opened on (a form opened before another save is refused). */
  version?: number;
  workflowId?: number;
  active: boolean;
  values: WorkflowFormValues;
  taskChoices: Choice[];
  pageChoices: Choice[];
  fieldErrors: Partial<Record<string, string>>;
  nonFieldErrors: string[];
  canToggle: boolean;
  message?: string;
  /** A note that is not an error (disabled tasks the saved workflow still lists). */
  notice?: string;
};

export function WorkflowFormScreen({
  csrfToken,
  version,
  workflowId,
  active,
  values,
  taskChoices,
  pageChoices,
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
      {version !== undefined ? <input type="hidden" name="version" value={version} /> : null}
      <TextField name="name" label="Name" required value={values.name} error={fieldErrors.name} autoComplete="off" />
      <OrderedSelects
        name="tasks"
        legend="Tasks"
        itemLabel="Task"
        slots={3}
        values={values.tasks}
        choices={taskChoices}
        error={fieldErrors.tasks}
        help="The page passes these tasks in this order; approving the last one publishes it. Only enabled tasks are offered."
      />
      <OrderedSelects
        name="pages"
        legend="Assigned pages"
        itemLabel="Page"
        slots={2}
        values={values.pages}
        choices={pageChoices}
        error={fieldErrors.pages}
        help="The workflow applies to each page chosen and its subpages, unless a page nearer to them has its own workflow. A page has one workflow: choosing it here takes it from another."
      />
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
