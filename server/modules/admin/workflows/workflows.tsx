import * as z from 'zod';
import type { Db } from '../../../db';
import { notFound } from '../../../errors';
import { WorkflowFormScreen, type WorkflowFormValues } from '../../../../views/admin/WorkflowAdminScreens';
import { chosenPages } from '../../permissions/groups-service';
import * as service from '../../workflows/service';
import type { WorkflowListing } from '../../workflows/service';
import { disableEnableRoutes } from './toggle-routes';
import { defineViewSet } from '../viewsets/definition';
import { MODEL_PERMISSION_POLICY } from '../viewsets/permission-policy';
import { MAX_TASK_ROWS, applyTaskAction, formActionOf } from './form-actions';
import { WORKFLOW_TABS, statusOf } from './tabs';

/** The posted form's shape; the service checks the name, tasks and pages (against the database). */
const choices = z.union([z.string(), z.array(z.string())]).optional();
const workflowFormSchema = z.object({
  name: z.string().optional(),
  tasks: choices,
  pages: choices,
  new_page: z.string().optional(),
});
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

/** Posted values as typed, in order: blank task rows stay (a row added and not chosen yet). */
const postedList = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string').slice(0, 200);

/** What was posted, as the form shows it again: the task rows as they were, the pages that exist. */
async function keptValues(db: Db, body: Record<string, unknown>): Promise<WorkflowFormValues> {
  const pageIds = postedList(body.pages)
    .filter((id) => /^\d{1,9}$/.test(id))
    .map(Number);
  return {
    name: typeof body.name === 'string' ? body.name.slice(0, 1000) : '',
    tasks: postedList(body.tasks).slice(0, MAX_TASK_ROWS),
    pages: await chosenPages(db, [...new Set(pageIds)]),
    new_page: typeof body.new_page === 'string' ? body.new_page.slice(0, 100) : '',
  };
}

/**
 * Workflows at Wagtail's URLs: /wagtail/workflows/list/, add/, edit/{id}/, history/{id}/, and
 * disable/{id}/ and enable/{id}/. Wagtail's model permissions: 'delete' disables (a workflow is
 * never deleted: its submissions keep their history), 'change' enables. The form works without
 * JavaScript (its row buttons redisplay it, form-actions.ts); the workflow editor
 * (client/admin/workflow-editor/) enhances it with in-place reordering and the page chooser.
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
    fieldNames: ['name', 'tasks', 'pages', 'new_page'],
    values: async (db, row): Promise<WorkflowFormValues> => {
      if (!row) return { name: '', tasks: [''], pages: [], new_page: '' };
      const [tasks, pages] = await Promise.all([service.workflowTasks(db, row.id), service.workflowPages(db, row.id)]);
      return {
        name: row.name,
        tasks: tasks.filter((task) => task.active).map((task) => String(task.id)),
        pages: await chosenPages(
          db,
          pages.map((page) => page.id),
        ),
        new_page: '',
      };
    },
    kept: keptValues,
    redisplay: async (db, body) => {
      const action = formActionOf(body.form_action);
      if (!action) return undefined;
      const values = await keptValues(db, body);
      if (action.kind === 'page-remove') {
        const removed = values.pages.find((page) => page.id === action.id);
        return {
          values: { ...values, pages: values.pages.filter((page) => page.id !== action.id), focus: 'new_page' },
          message: removed ? `Removed ${removed.title} from the pages (not saved yet).` : undefined,
        };
      }
      if (action.kind === 'page-add') {
        const added = await service.pageToAdd(db, values.new_page);
        if ('error' in added)
          return { values: { ...values, focus: 'new_page' }, fieldErrors: { new_page: added.error } };
        const [page] = await chosenPages(db, [added.id]);
        const pages = values.pages.some((p) => p.id === added.id) ? values.pages : [...values.pages, page!];
        return {
          values: { ...values, pages, new_page: '', focus: 'new_page' },
          message: `Added ${page!.title} to the pages (not saved yet).`,
        };
      }
      const names = new Map((await service.activeTaskChoices(db)).map((task) => [String(task.id), task.name]));
      return applyTaskAction(values, action, (value) => (names.has(value) ? `'${names.get(value)}'` : undefined));
    },
    parse: (body) => workflowFormSchema.safeParse(body),
    render: async (db, { row, values, extraActions, csrfToken, version, fieldErrors, nonFieldErrors, message }) => {
      const active = row?.active ?? true;
      const tasks = await service.activeTaskChoices(db);
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
