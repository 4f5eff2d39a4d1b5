/** A submission for moderation in progress, as the edit screen and the dashboard show it. */
export type PendingModeration = {
  stateId: number;
  /** The submitted revision: what the reviewer looks at and what approving publishes. */
  revisionId: number;
  requestedBy: string | null;
  requestedAt: string;
  /** The task in progress (absent: a submission without one, which only a superuser may end). */
  taskStateId?: number;
  taskName?: string;
  /** Approving the last task publishes ('Approve and publish'); an earlier one moves on ('Approve'). */
  lastTask?: boolean;
};

/** One task of the page's workflow and how far the submission got with it. */
export type WorkflowStepView = {
  name: string;
  status: 'approved' | 'in_progress' | 'not_started' | 'skipped';
  by?: string | null;
  at?: string;
  comment?: string;
};

/** The edit screen's moderation state and what the viewer may do about it. */
export type ModerationView = {
  /** The workflow that applies to the page (null: none, so no 'Submit for moderation'). */
  workflowName: string | null;
  /** Whether the viewer may publish the page (else only Save draft and Submit for moderation). */
  canPublish: boolean;
  inProgress:
    | (PendingModeration & {
        workflowName: string;
        steps: WorkflowStepView[];
        byMe: boolean;
        canReview: boolean;
        canCancel: boolean;
        /** A draft saved after the submission: approving still publishes the submitted one. */
        newerDraft: boolean;
      })
    | null;
  /** The last submission ended with a request for changes (shown until the next submission). */
  changesRequested: { by: string | null; at: string; comment: string; taskName?: string } | null;
};
