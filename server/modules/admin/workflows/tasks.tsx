import * as z from 'zod';
import type { Db } from '../../../db';
import { notFound } from '../../../errors';
import { TaskFormScreen, type TaskFormValues } from '../../../../views/admin/WorkflowAdminScreens';
import { listGroups } from '../../permissions/groups-service';
import * as service from '../../workflows/service';
import type { TaskListing } from '../../workflows/service';
import { disableEnableRoutes } from './toggle-routes';
import { defineViewSet } from '../viewsets/definition';
import { MODEL_PERMISSION_POLICY } from '../viewsets/permission-policy';
import { WORKFLOW_TABS, listOf, statusOf } from './tabs';

/** The posted form's shape; the service checks the name and the groups (against the database). */
const taskFormSchema = z.object({
  name: z.string().optional(),
  groups: z.union([z.string(), z.array(z.string())]).optional(),
  restart_on_new_revision: z.string().optional(),
});
type TaskForm = z.infer<typeof taskFormSchema>;

async function taskOrNotFound(db: Db, id: number): Promise<TaskListing> {
  const task = await service.findTaskListing(db, id);
  if (!task) throw notFound('This task does not exist.');
  return task;
}

/**
 * Workflow tasks (group approval) at Wagtail's URLs: /wagtail/workflows/tasks/index/, add/,
 * edit/{id}/, history/{id}/, and disable/{id}/ and enable/{id}/ ('delete' disables, as in
 * Wagtail; submissions standing at a disabled task move on). The groups are checkboxes.
 */
export const tasksViewSet = defineViewSet<TaskListing, TaskForm>({
  app: 'wagtailcore',
  model: 'task',
  names: { name: 'task', plural: 'workflow tasks' },
  base: 'workflows/tasks',
  paths: { list: 'index/' },
  permissions: MODEL_PERMISSION_POLICY,
  menu: { label: 'Workflow tasks', order: 871 },
  tabs: WORKFLOW_TABS,
  title: (row) => row.name,
  columns: [
    { name: 'name', label: 'Name', sortable: true, linksToEdit: true, value: (row) => row.name },
    { name: 'type', label: 'Type', value: () => 'Group approval task' },
    {
      name: 'groups',
      label: 'Approved by',
      value: (row) => (row.group_names.length ? row.group_names.join(', ') : '—'),
    },
    {
      name: 'workflows',
      label: 'Used in',
      value: (row) => (row.workflow_names.length ? row.workflow_names.join(', ') : 'No workflow'),
    },
    { name: 'status', label: 'Status', value: statusOf },
  ],
  search: { placeholder: 'Task name' },
  defaultOrder: 'name',
  bulkDelete: false,
  store: {
    list: service.listTasksPage,
    get: async (db, id, options) => {
      if (options?.lock && !(await service.findTask(db, id, { lock: true }))) return undefined;
      return service.findTaskListing(db, id);
    },
    create: async (db, input) => taskOrNotFound(db, (await service.createTask(db, input)).id),
    update: async (db, row, input) => taskOrNotFound(db, (await service.editTask(db, row.id, input)).id),
  },
  customForm: {
    fieldNames: ['name', 'groups', 'restart_on_new_revision'],
    values: async (db, row): Promise<TaskFormValues> =>
      row
        ? {
            name: row.name,
            groups: (await service.taskGroupIds(db, row.id)).map(String),
            restart_on_new_revision: row.restart_on_new_revision,
          }
        : { name: '', groups: [], restart_on_new_revision: false },
    kept: async (_db, body): Promise<TaskFormValues> => ({
      name: typeof body.name === 'string' ? body.name.slice(0, 1000) : '',
      groups: listOf(body.groups),
      restart_on_new_revision: body.restart_on_new_revision === 'on',
    }),
    parse: (body) => taskFormSchema.safeParse(body),
    render: async (db, { row, values, extraActions, csrfToken, version, fieldErrors, nonFieldErrors, message }) => {
      const active = row?.active ?? true;
      return (
        <TaskFormScreen
          csrfToken={csrfToken}
          version={version}
          fieldErrors={fieldErrors}
          nonFieldErrors={nonFieldErrors}
          message={message}
          taskId={row?.id}
          active={active}
          values={values}
          groupChoices={(await listGroups(db)).map((group) => ({ value: String(group.id), label: group.name }))}
          canToggle={(active ? extraActions.disable : extraActions.enable) !== undefined}
        />
      );
    },
  },
  extraRoutes: disableEnableRoutes({
    noun: 'Task',
    setActive: service.setTaskActive,
    listUrl: '/wagtail/workflows/tasks/index/',
    editUrl: (id) => `/wagtail/workflows/tasks/edit/${id}/`,
  }),
});
