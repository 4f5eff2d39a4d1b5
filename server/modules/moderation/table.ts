import type { ColumnType, Generated, Selectable } from 'kysely';

/** Wagtail's WorkflowState statuses. */
export const WORKFLOW_STATUSES = ['in_progress', 'approved', 'needs_changes', 'cancelled'] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

/**
 * One submission of a page for moderation. Part 2 (configurable workflows and tasks) adds a
 * `workflow_id` column and a task-state table; the columns here keep their meaning then.
 */
export interface WorkflowStateTable {
  id: Generated<number>;
  page_id: number;
  /** The submitted revision: what the reviewer sees and what approving publishes. */
  revision_id: number;
  status: Generated<WorkflowStatus>;
  requested_by_id: number | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  finished_by_id: number | null;
  comment: Generated<string>;
}

export type WorkflowState = Selectable<WorkflowStateTable>;
