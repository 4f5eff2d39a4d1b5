import type { ColumnType, Generated, Selectable } from 'kysely';

/** Wagtail's WorkflowState statuses. */
export const WORKFLOW_STATUSES = ['in_progress', 'approved', 'needs_changes', 'cancelled'] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

/**
 * One submission of a page to its workflow (Wagtail's WorkflowState). The task it stands at is
 * `current_task_state_id` (workflow_task_states); `revision_id` is the revision under review.
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
  workflow_id: number;
  /** The task in progress (null once the submission has ended). */
  current_task_state_id: number | null;
}

export type WorkflowState = Selectable<WorkflowStateTable>;

/** This module's tables, merged into the database's type (server/database.ts). */
declare module '../../database' {
  interface Database {
    workflow_states: WorkflowStateTable;
  }
}
