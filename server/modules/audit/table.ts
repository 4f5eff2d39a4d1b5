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
  'expire',
  // Moderation (Wagtail's 'wagtail.workflow.*'); 'resubmit' puts a newer revision under review.
  'workflow.start',
  'workflow.resubmit',
  'workflow.approve',
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
