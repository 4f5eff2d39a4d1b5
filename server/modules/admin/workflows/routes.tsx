import express, { type Request, type Response, type Router } from 'express';
import type { Db } from '../../../db';
import { HttpError, notFound } from '../../../errors';
import { parseOr400 } from '../../../http/validate';
import { pkParamsSchema } from '../../../../shared/schemas/viewset';
import {
  TaskFormScreen,
  TasksListScreen,
  WorkflowFormScreen,
  WorkflowsListScreen,
  type TaskFormValues,
  type WorkflowFormValues,
} from '../../../../views/admin/WorkflowAdminScreens';
import { csrfTokenFor } from '../../auth/csrf';
import { assertModelPermission, modelPermissionsFor } from '../../permissions/model-policy';
import { listGroups, pageChoices as listPageChoices } from '../../permissions/groups-service';
import * as service from '../../workflows/service';
import { setFlash, takeFlash } from '../flash';
import { formBody, userFacingError } from '../form-input';
import { adminScreen } from '../screen';

const PAGE_CHOICE_DEPTH = 4;
const PAGE_CHOICE_LIMIT = 1000;
const { WORKFLOW_MODEL, TASK_MODEL } = service;

/** Posted multiple-choice values as typed (strings), so a redisplay keeps the order and the blanks out. */
const listOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value])
    .filter((item): item is string => typeof item === 'string' && item !== '')
    .slice(0, 200);
const indent = (depth: number) => '\u2014 '.repeat(Math.max(0, depth - 2));

/**
 * Workflows and tasks at Wagtail's URLs (/wagtail/workflows/list/, add/, edit/{id}/, disable/,
 * enable/; /wagtail/workflows/tasks/index/, add/, edit/{id}/, disable/, enable/). Plain forms that
 * work without JavaScript: a task's groups are checkboxes, a workflow's tasks and pages numbered
 * selects. Permissions are Wagtail's model permissions: add, change, and delete to disable.
 */
export function workflowAdminRoutes({ db }: { db: Db }): Router {
  const router = express.Router();
  const pkOf = (req: Request) => parseOr400(pkParamsSchema, req.params, 'id').pk;
  const userId = (req: Request) => req.user!.id;
  const needAny = async (req: Request, model: string) => {
    if (!(await modelPermissionsFor(db, req)).canAny(model))
      throw new HttpError(403, 'forbidden', 'You do not have permission to do this.');
  };

  // --- Workflows -----------------------------------------------------------------------------

  const renderWorkflowForm = async (
    req: Request,
    res: Response,
    args: {
      workflowId?: number;
      active?: boolean;
      values: WorkflowFormValues;
      fieldErrors?: Partial<Record<string, string>>;
      nonFieldErrors?: string[];
      notice?: string;
      status?: number;
    },
  ) => {
    const permissions = await modelPermissionsFor(db, req);
    const tasks = await service.activeTaskChoices(db);
    const pages = await listPageChoices(db, PAGE_CHOICE_DEPTH, PAGE_CHOICE_LIMIT);
    const element = (
      <WorkflowFormScreen
        csrfToken={csrfTokenFor(req)}
        workflowId={args.workflowId}
        active={args.active ?? true}
        values={args.values}
        taskChoices={tasks.map((task) => ({ value: String(task.id), label: task.name }))}
        pageChoices={pages.map((page) => ({ value: String(page.id), label: `${indent(page.depth)}${page.title}` }))}
        fieldErrors={args.fieldErrors ?? {}}
        nonFieldErrors={args.nonFieldErrors ?? []}
        canToggle={permissions.can(WORKFLOW_MODEL, args.active === false ? 'change' : 'delete')}
        message={takeFlash(req)}
        notice={args.notice}
      />
    );
    adminScreen(req, res, {
      section: 'workflows',
      title: args.workflowId ? `Editing ${args.values.name}` : 'Add workflow',
      element,
      status: args.status,
    });
  };

  const workflowValues = (body: Record<string, unknown>): WorkflowFormValues => ({
    name: typeof body.name === 'string' ? body.name.slice(0, 1000) : '',
    tasks: listOf(body.tasks),
    pages: listOf(body.pages),
  });

  /** Saves, or redisplays the form with the input and the first error of each field (400). */
  const saveWorkflow = async (
    req: Request,
    res: Response,
    workflowId: number | undefined,
    active: boolean,
    run: () => Promise<{ id: number; name: string }>,
  ) => {
    try {
      const saved = await run();
      setFlash(req, `Workflow '${saved.name}' ${workflowId ? 'updated' : 'created'}.`);
      res.redirect(303, '/wagtail/workflows/list/');
    } catch (error) {
      const shown = userFacingError(error);
      if (!shown || shown.status === 403 || shown.status === 404) throw error;
      const fieldErrors = Object.fromEntries(
        Object.entries(shown.fields ?? {}).map(([name, messages]) => [name, messages[0]]),
      );
      await renderWorkflowForm(req, res, {
        workflowId,
        active,
        values: workflowValues(formBody(req.body)),
        fieldErrors,
        nonFieldErrors: shown.fields ? [] : [shown.message],
        status: shown.status,
      });
    }
  };

  // Permission: any workflow permission.
  router.get('/workflows/list/', async (req, res) => {
    await needAny(req, WORKFLOW_MODEL);
    const rows = (await service.listWorkflows(db)).map((w) => ({
      id: w.id,
      name: w.name,
      active: w.active,
      tasks: w.task_names,
      pageCount: w.page_count,
    }));
    const canAdd = (await modelPermissionsFor(db, req)).can(WORKFLOW_MODEL, 'add');
    adminScreen(req, res, {
      section: 'workflows',
      title: 'Workflows',
      element: <WorkflowsListScreen rows={rows} canAdd={canAdd} message={takeFlash(req)} />,
    });
  });

  // Permission: add workflow.
  router.get('/workflows/add/', async (req, res) => {
    await assertModelPermission(db, req, WORKFLOW_MODEL, 'add');
    await renderWorkflowForm(req, res, { values: { name: '', tasks: [], pages: [] } });
  });

  // Permission: add workflow.
  router.post('/workflows/add/', async (req, res) => {
    await assertModelPermission(db, req, WORKFLOW_MODEL, 'add');
    const body = formBody(req.body);
    await saveWorkflow(req, res, undefined, true, () =>
      service.createWorkflow(db, { name: body.name, tasks: body.tasks, pages: body.pages }, userId(req)),
    );
  });

  const loadWorkflow = async (req: Request) => {
    const workflow = await service.findWorkflow(db, pkOf(req));
    if (!workflow) throw notFound('This workflow does not exist.');
    return workflow;
  };

  // Permission: change workflow.
  router.get('/workflows/edit/:pk/', async (req, res) => {
    await assertModelPermission(db, req, WORKFLOW_MODEL, 'change');
    const workflow = await loadWorkflow(req);
    const tasks = await service.workflowTasks(db, workflow.id);
    const pages = await service.workflowPages(db, workflow.id);
    await renderWorkflowForm(req, res, {
      workflowId: workflow.id,
      active: workflow.active,
      values: {
        name: workflow.name,
        tasks: tasks.filter((task) => task.active).map((task) => String(task.id)),
        pages: pages.map((page) => String(page.id)),
      },
      // A disabled task stays in the workflow's order (skipped) until the form is saved without it.
      notice: tasks.some((task) => !task.active)
        ? `Disabled tasks are skipped and leave the workflow when it is saved: ${tasks
            .filter((t) => !t.active)
            .map((t) => t.name)
            .join(', ')}.`
        : undefined,
    });
  });

  // Permission: change workflow.
  router.post('/workflows/edit/:pk/', async (req, res) => {
    await assertModelPermission(db, req, WORKFLOW_MODEL, 'change');
    const workflow = await loadWorkflow(req);
    const body = formBody(req.body);
    await saveWorkflow(req, res, workflow.id, workflow.active, () =>
      service.editWorkflow(db, workflow.id, { name: body.name, tasks: body.tasks, pages: body.pages }, userId(req)),
    );
  });

  // Permission: delete workflow (Wagtail disables instead of deleting).
  router.post('/workflows/disable/:pk/', async (req, res) => {
    await assertModelPermission(db, req, WORKFLOW_MODEL, 'delete');
    const workflow = await service.setWorkflowActive(db, pkOf(req), false, userId(req));
    setFlash(req, `Workflow '${workflow.name}' disabled.`);
    res.redirect(303, '/wagtail/workflows/list/');
  });

  // Permission: change workflow.
  router.post('/workflows/enable/:pk/', async (req, res) => {
    await assertModelPermission(db, req, WORKFLOW_MODEL, 'change');
    const workflow = await service.setWorkflowActive(db, pkOf(req), true, userId(req));
    setFlash(req, `Workflow '${workflow.name}' enabled: assign it to pages to use it.`);
    res.redirect(303, `/wagtail/workflows/edit/${workflow.id}/`);
  });

  // --- Tasks ---------------------------------------------------------------------------------

  const renderTaskForm = async (
    req: Request,
    res: Response,
    args: {
      taskId?: number;
      active?: boolean;
      values: TaskFormValues;
      fieldErrors?: Partial<Record<string, string>>;
      nonFieldErrors?: string[];
      status?: number;
    },
  ) => {
    const permissions = await modelPermissionsFor(db, req);
    const groups = await listGroups(db);
    const element = (
      <TaskFormScreen
        csrfToken={csrfTokenFor(req)}
        taskId={args.taskId}
        active={args.active ?? true}
        values={args.values}
        groupChoices={groups.map((group) => ({ value: String(group.id), label: group.name }))}
        fieldErrors={args.fieldErrors ?? {}}
        nonFieldErrors={args.nonFieldErrors ?? []}
        canToggle={permissions.can(TASK_MODEL, args.active === false ? 'change' : 'delete')}
        message={takeFlash(req)}
      />
    );
    adminScreen(req, res, {
      section: 'workflows',
      title: args.taskId ? `Editing ${args.values.name}` : 'Add task',
      element,
      status: args.status,
    });
  };

  const taskValues = (body: Record<string, unknown>): TaskFormValues => ({
    name: typeof body.name === 'string' ? body.name.slice(0, 1000) : '',
    groups: listOf(body.groups),
    restart_on_new_revision: body.restart_on_new_revision === 'on',
  });

  const saveTask = async (
    req: Request,
    res: Response,
    taskId: number | undefined,
    active: boolean,
    run: () => Promise<{ name: string }>,
  ) => {
    try {
      const saved = await run();
      setFlash(req, `Task '${saved.name}' ${taskId ? 'updated' : 'created'}.`);
      res.redirect(303, '/wagtail/workflows/tasks/index/');
    } catch (error) {
      const shown = userFacingError(error);
      if (!shown || shown.status === 403 || shown.status === 404) throw error;
      const fieldErrors = Object.fromEntries(
        Object.entries(shown.fields ?? {}).map(([name, messages]) => [name, messages[0]]),
      );
      await renderTaskForm(req, res, {
        taskId,
        active,
        values: taskValues(formBody(req.body)),
        fieldErrors,
        nonFieldErrors: shown.fields ? [] : [shown.message],
        status: shown.status,
      });
    }
  };

  const taskForm = (body: Record<string, unknown>): service.TaskForm => ({
    name: body.name,
    groups: body.groups,
    restart_on_new_revision: body.restart_on_new_revision,
  });

  // Permission: any task permission.
  router.get('/workflows/tasks/index/', async (req, res) => {
    await needAny(req, TASK_MODEL);
    const rows = (await service.listTasks(db)).map((t) => ({
      id: t.id,
      name: t.name,
      active: t.active,
      groups: t.group_names,
      workflows: t.workflow_names,
    }));
    const canAdd = (await modelPermissionsFor(db, req)).can(TASK_MODEL, 'add');
    adminScreen(req, res, {
      section: 'workflows',
      title: 'Workflow tasks',
      element: <TasksListScreen rows={rows} canAdd={canAdd} message={takeFlash(req)} />,
    });
  });

  // Permission: add task.
  router.get('/workflows/tasks/add/', async (req, res) => {
    await assertModelPermission(db, req, TASK_MODEL, 'add');
    await renderTaskForm(req, res, { values: { name: '', groups: [], restart_on_new_revision: false } });
  });

  // Permission: add task.
  router.post('/workflows/tasks/add/', async (req, res) => {
    await assertModelPermission(db, req, TASK_MODEL, 'add');
    await saveTask(req, res, undefined, true, () => service.createTask(db, taskForm(formBody(req.body)), userId(req)));
  });

  const loadTask = async (req: Request) => {
    const task = await service.findTask(db, pkOf(req));
    if (!task) throw notFound('This task does not exist.');
    return task;
  };

  // Permission: change task.
  router.get('/workflows/tasks/edit/:pk/', async (req, res) => {
    await assertModelPermission(db, req, TASK_MODEL, 'change');
    const task = await loadTask(req);
    const groups = await service.taskGroupIds(db, task.id);
    await renderTaskForm(req, res, {
      taskId: task.id,
      active: task.active,
      values: { name: task.name, groups: groups.map(String), restart_on_new_revision: task.restart_on_new_revision },
    });
  });

  // Permission: change task.
  router.post('/workflows/tasks/edit/:pk/', async (req, res) => {
    await assertModelPermission(db, req, TASK_MODEL, 'change');
    const task = await loadTask(req);
    await saveTask(req, res, task.id, task.active, () =>
      service.editTask(db, task.id, taskForm(formBody(req.body)), userId(req)),
    );
  });

  // Permission: delete task (Wagtail disables instead of deleting).
  router.post('/workflows/tasks/disable/:pk/', async (req, res) => {
    await assertModelPermission(db, req, TASK_MODEL, 'delete');
    const task = await service.setTaskActive(db, pkOf(req), false, userId(req));
    setFlash(req, `Task '${task.name}' disabled.`);
    res.redirect(303, '/wagtail/workflows/tasks/index/');
  });

  // Permission: change task.
  router.post('/workflows/tasks/enable/:pk/', async (req, res) => {
    await assertModelPermission(db, req, TASK_MODEL, 'change');
    const task = await service.setTaskActive(db, pkOf(req), true, userId(req));
    setFlash(req, `Task '${task.name}' enabled.`);
    res.redirect(303, `/wagtail/workflows/tasks/edit/${task.id}/`);
  });

  return router;
}
