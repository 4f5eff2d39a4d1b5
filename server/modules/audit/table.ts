import type { ColumnType, Generated, Selectable } from 'kysely';

/** The actions the audit log records (Wagtail's 'wagtail.*' log actions, without the prefix). */
export const PAGE_LOG_ACTIONS = [
  'create',
  'edit',
  'publish',
  'unpublish',
  'move',
  'copy',
  'delete',
  'lock',
  'unlock',
  'privacy',
  'revert',
  'schedule',
  // A scheduled revision taken off the schedule (Wagtail's wagtail.schedule.cancel).
  'unschedule',
  'expire',
  // Moderation (Wagtail's 'wagtail.workflow.*'); 'resubmit' puts a newer revision under review.
  'workflow.start',
  'workflow.resubmit',
  'workflow.approve',
  // One task of several approved: the submission moves to the next task.
  'workflow.approve_task',
  // A draft saved during a task that restarts on new revisions.
  'workflow.restart_task',
  'workflow.reject',
  'workflow.cancel',
  // A page moved among its siblings (Wagtail's wagtail.reorder).
  'reorder',
] as const;
export type PageLogAction = (typeof PAGE_LOG_ACTIONS)[number];

export interface PageLogEntryTable {
  id: Generated<number>;
  page_id: number;
  user_id: number | null;
  action: PageLogAction;
  /** Action details (old and new parent, copy target, revision ids...) and the page title at the time. */
  data: ColumnType<Record<string, unknown>, string, string>;
  revision_id: number | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export type PageLogEntry = Selectable<PageLogEntryTable>;

/**
 * The audit log of objects that are not pages (Wagtail's ModelLogEntry): redirects, collections,
 * site settings, snippets... `model` is 'app_label.model_name'; `action` is one of MODEL_LOG_ACTIONS.
 */
export const MODEL_LOG_ACTIONS = ['create', 'edit', 'delete', 'publish', 'revert', 'import', 'privacy'] as const;
export type ModelLogAction = (typeof MODEL_LOG_ACTIONS)[number];

export interface ModelLogEntryTable {
  id: Generated<number>;
  model: string;
  object_id: string;
  object_str: string;
  user_id: number | null;
  action: ModelLogAction;
  data: ColumnType<Record<string, unknown>, string, string>;
  revision_id: number | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export type ModelLogEntry = Selectable<ModelLogEntryTable>;

/** This module's tables, merged into the database's type (server/database.ts). */
declare module '../../database' {
  interface Database {
    page_log_entries: PageLogEntryTable;
    model_log_entries: ModelLogEntryTable;
  }
}
