import type { ColumnType, Generated, Selectable } from 'kysely';

/** Task types (Wagtail's Task subclasses); 'group_approval' is done by any member of its groups. */
export const TASK_TYPES = ['group_approval'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export interface WorkflowTaskTable {
  id: Generated<number>;
  name: string;
  type: Generated<TaskType>;
  /** A disabled task is skipped by the workflows that hold it and cannot be added to one. */
  active: Generated<boolean>;
  /** A draft saved while this task is in progress starts the task again on that draft. */
  restart_on_new_revision: Generated<boolean>;
  version: Generated<number>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface WorkflowTaskGroupTable {
  task_id: number;
  group_id: number;
}

export interface WorkflowTable {
  id: Generated<number>;
  name: string;
  /** A disabled workflow starts no submission and loses its page assignments (as in Wagtail). */
  active: Generated<boolean>;
  version: Generated<number>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** The workflow's tasks, in order (Wagtail's WorkflowTask). */
export interface WorkflowWorkflowTaskTable {
  workflow_id: number;
  task_id: number;
  sort_order: number;
}

/** A workflow assigned to a page and its subtree (Wagtail's WorkflowPage); one per page. */
export interface WorkflowPageTable {
  page_id: number;
  workflow_id: number;
}

export const TASK_STATUSES = ['in_progress', 'approved', 'rejected', 'cancelled', 'skipped'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** One task of one submission (Wagtail's TaskState): who ended it, how, with what comment. */
export interface WorkflowTaskStateTable {
  id: Generated<number>;
  workflow_state_id: number;
  task_id: number;
  revision_id: number;
  status: Generated<TaskStatus>;
  started_at: ColumnType<Date, Date | string | undefined, never>;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  finished_by_id: number | null;
  comment: Generated<string>;
}

export type WorkflowTask = Selectable<WorkflowTaskTable>;
export type Workflow = Selectable<WorkflowTable>;
export type WorkflowTaskState = Selectable<WorkflowTaskStateTable>;

/** This module's tables, merged into the database's type (server/database.ts). */
declare module '../../database' {
  interface Database {
    workflows: WorkflowTable;
    workflow_tasks: WorkflowTaskTable;
    workflow_task_groups: WorkflowTaskGroupTable;
    workflow_workflow_tasks: WorkflowWorkflowTaskTable;
    workflow_pages: WorkflowPageTable;
    workflow_task_states: WorkflowTaskStateTable;
  }
}
