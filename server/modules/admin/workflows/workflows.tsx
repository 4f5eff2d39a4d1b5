import { z } from 'zod';
import type { Db } from '../../../db';
import { notFound } from '../../../errors';
import { WorkflowFormScreen, type WorkflowFormValues } from '../../../../views/admin/WorkflowAdminScreens';
import { pageChoices } from '../../permissions/groups-service';
import * as service from '../../workflows/service';
import type { WorkflowListing } from '../../workflows/service';
import { disableEnableRoutes } from './toggle-routes';
import { defineViewSet } from '../viewsets/definition';
import { MODEL_PERMISSION_POLICY } from '../viewsets/permission-policy';
import { WORKFLOW_TABS, listOf, statusOf } from './tabs';

const PAGE_CHOICE_DEPTH = 4;
const PAGE_CHOICE_LIMIT = 1000;
const indent = (depth: number) => '\u2014 '.repeat(Math.max(0, depth - 2));

/** The posted form's shape; the service checks the name, tasks and pages (against the database). */
const choices = z.union([z.string(), z.array(z.string())]).optional();
const workflowFormSchema = z.object({ name: z.string().optional(), tasks: choices, pages: choices });
type WorkflowForm = z.infer<typeof workflowFormSchema>;

async function workflowOrNotFound(db: Db, id: number): Promise<WorkflowListing> {
  const workflow = await service.findWorkflowListing(db, id);
  if (!workflow) throw notFound('This workflow does not exist.');
  return workflow;
}

/** A disabled task stays in the workflow's order (skipped) until the form is saved without it. */
async function disabledTasksNotice(db: Db, workflowId: number): Promise<string | undefined> {
  const disabled = (await service.workflowTasks(db, workflowId)).filter((task) => !task.active);
  return disabled.length
    ? `Disabled tasks are skipped and leave the workflow when it is saved: ${disabled.map((t) => t.name).join(', ')}.`
    : undefined;
}

/**
 * Workflows at Wagtail's URLs: /wagtail/workflows/list/, add/, edit/{id}/, history/{id}/, and
 * disable/{id}/ and enable/{id}/. Wagtail's model permissions: 'delete' disables (a workflow is
 * never deleted: its submissions keep their history), 'change' enables. The form is a plain one
 * that works without JavaScript: the tasks and pages are numbered selects.
 */
export const workflowsViewSet = defineViewSet<WorkflowListing, WorkflowForm>({
  app: 'wagtailcore',
  model: 'workflow',
  names: { name: 'workflow', plural: 'workflows' },
  base: 'workflows',
  paths: { list: 'list/' },
  permissions: MODEL_PERMISSION_POLICY,
  menu: { label: 'Workflows', order: 870 },
  tabs: WORKFLOW_TABS,
  title: (row) => row.name,
  columns: [
    { name: 'name', label: 'Name', sortable: true, linksToEdit: true, value: (row) => row.name },
    { name: 'tasks', label: 'Tasks', value: (row) => (row.task_names.length ? row.task_names.join(' → ') : '—') },
    {
      name: 'pages',
      label: 'Used by',
      value: (row) => `${row.page_count} ${row.page_count === 1 ? 'page' : 'pages'}`,
    },
    { name: 'status', label: 'Status', value: statusOf },
  ],
  search: { placeholder: 'Workflow name' },
  defaultOrder: 'name',
  bulkDelete: false,
  store: {
    list: service.listWorkflowsPage,
    get: async (db, id, options) => {
      if (options?.lock && !(await service.findWorkflow(db, id, { lock: true }))) return undefined;
      return service.findWorkflowListing(db, id);
    },
    create: async (db, input) => workflowOrNotFound(db, (await service.createWorkflow(db, input)).id),
    update: async (db, row, input) => workflowOrNotFound(db, (await service.editWorkflow(db, row.id, input)).id),
  },
  customForm: {
    fieldNames: ['name', 'tasks', 'pages'],
    values: async (db, row): Promise<WorkflowFormValues> => {
      if (!row) return { name: '', tasks: [], pages: [] };
      const [tasks, pages] = await Promise.all([service.workflowTasks(db, row.id), service.workflowPages(db, row.id)]);
      return {
        name: row.name,
        tasks: tasks.filter((task) => task.active).map((task) => String(task.id)),
        pages: pages.map((page) => String(page.id)),
      };
    },
    kept: async (_db, body): Promise<WorkflowFormValues> => ({
      name: typeof body.name === 'string' ? body.name.slice(0, 1000) : '',
      tasks: listOf(body.tasks),
      pages: listOf(body.pages),
    }),
    parse: (body) => workflowFormSchema.safeParse(body),
    render: async (db, { row, values, extraActions, csrfToken, version, fieldErrors, nonFieldErrors, message }) => {
      const active = row?.active ?? true;
      const [tasks, pages] = await Promise.all([
        service.activeTaskChoices(db),
        pageChoices(db, PAGE_CHOICE_DEPTH, PAGE_CHOICE_LIMIT),
      ]);
      return (
        <WorkflowFormScreen
          csrfToken={csrfToken}
          version={version}
          fieldErrors={fieldErrors}
          nonFieldErrors={nonFieldErrors}
          message={message}
          workflowId={row?.id}
          active={active}
          values={values}
          taskChoices={tasks.map((task) => ({ value: String(task.id), label: task.name }))}
          pageChoices={pages.map((page) => ({ value: String(page.id), label: `${indent(page.depth)}${page.title}` }))}
          canToggle={(active ? extraActions.disable : extraActions.enable) !== undefined}
          notice={row ? await disabledTasksNotice(db, row.id) : undefined}
        />
      );
    },
  },
  extraRoutes: disableEnableRoutes({
    noun: 'Workflow',
    setActive: service.setWorkflowActive,
    listUrl: '/wagtail/workflows/list/',
    editUrl: (id) => `/wagtail/workflows/edit/${id}/`,
    enabledHint: 'assign it to pages to use it',
  }),
});
