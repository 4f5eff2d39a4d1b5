import type { ModerationView, PendingModeration, WorkflowStepView } from '../../shared/admin/moderation';
import { CsrfField } from './CsrfField';
import { formatDateTime } from './format';

const hidden = (name: string, value: string | number) => <input type="hidden" name={name} value={value} />;

/**
 * The current task's actions: 'Approve' ('Approve and publish' on the last task), 'Approve with
 * comment', 'Request changes'. `pageTitle` names the page in the buttons' accessible names when
 * several submissions share a screen (the dashboard).
 */
export function ReviewActions({
  pageId,
  pending,
  csrfToken,
  next,
  pageTitle,
}: {
  pageId: number;
  pending: PendingModeration;
  csrfToken: string;
  next?: string;
  pageTitle?: string;
}) {
  const about = pageTitle ? <span className="visually-hidden">{` '${pageTitle}'`}</span> : null;
  const query = next ? `?next=${encodeURIComponent(next)}` : '';
  const last = pending.lastTask !== false;
  return (
    <div className="admin-moderation__actions">
      <form method="post" action={`/wagtail/pages/${pageId}/workflow/approve/`} className="admin-inline-form">
        <CsrfField token={csrfToken} />
        {hidden('workflow_state_id', pending.stateId)}
        {hidden('revision_id', pending.revisionId)}
        {pending.taskStateId ? hidden('task_state_id', pending.taskStateId) : null}
        {next ? hidden('next', next) : null}
        <button type="submit" className="admin-button admin-button--primary">
          {last ? 'Approve and publish' : 'Approve'}
          {about}
        </button>
      </form>
      <a className="admin-button admin-button--secondary" href={`/wagtail/pages/${pageId}/workflow/approve/${query}`}>
        {last ? 'Approve with comment and publish' : 'Approve with comment'}
        {about}
      </a>
      <a
        className="admin-button admin-button--secondary"
        href={`/wagtail/pages/${pageId}/workflow/request_changes/${query}`}
      >
        Request changes{about}
      </a>
      <a href={`/wagtail/pages/${pageId}/revisions/${pending.revisionId}/view/`}>
        Preview the submitted version{about}
      </a>
    </div>
  );
}

const STEP_WORDS: Record<WorkflowStepView['status'], string> = {
  approved: 'approved',
  in_progress: 'in progress',
  not_started: 'not started',
  skipped: 'skipped (disabled)',
};

/** Where the page is in its workflow: each task in order and how far it got (Wagtail's progress list). */
export function WorkflowSteps({ steps }: { steps: WorkflowStepView[] }) {
  return (
    <ol className="admin-workflow-steps" data-testid="workflow-steps">
      {steps.map((step, index) => (
        <li key={index} aria-current={step.status === 'in_progress' ? 'step' : undefined}>
          <strong>{step.name}</strong>
          {`: ${STEP_WORDS[step.status]}${step.status === 'approved' && step.by ? ` by ${step.by}` : ''}`}
          {step.status === 'approved' && step.at ? (
            <>
              {', '}
              <time dateTime={step.at}>{formatDateTime(step.at)}</time>
            </>
          ) : null}
          {step.comment ? ` (${step.comment})` : ''}
        </li>
      ))}
    </ol>
  );
}

export function CancelWorkflowForm({
  pageId,
  pending,
  csrfToken,
  next,
  pageTitle,
}: {
  pageId: number;
  pending: PendingModeration;
  csrfToken: string;
  next?: string;
  pageTitle?: string;
}) {
  return (
    <form method="post" action={`/wagtail/pages/${pageId}/workflow/cancel/`} className="admin-inline-form">
      <CsrfField token={csrfToken} />
      {hidden('workflow_state_id', pending.stateId)}
      {hidden('revision_id', pending.revisionId)}
      {pending.taskStateId ? hidden('task_state_id', pending.taskStateId) : null}
      {next ? hidden('next', next) : null}
      <button type="submit" className="admin-button admin-button--secondary">
        Cancel workflow{pageTitle ? <span className="visually-hidden">{` of '${pageTitle}'`}</span> : null}
      </button>
    </form>
  );
}

/** The edit screen's banner: who submitted the page and when, and the review actions the viewer has. */
export function ModerationPanel({
  pageId,
  moderation,
  csrfToken,
}: {
  pageId: number;
  moderation: ModerationView;
  csrfToken: string;
}) {
  const { inProgress, changesRequested } = moderation;
  if (inProgress) {
    return (
      <section className="admin-moderation" aria-labelledby="moderation-heading" data-testid="moderation-banner">
        <h2
          id="moderation-heading"
          className="admin-moderation__heading"
        >{`Awaiting moderation: ${inProgress.workflowName}`}</h2>
        {inProgress.taskName ? <p>{`Current task: ${inProgress.taskName}`}</p> : null}
        <WorkflowSteps steps={inProgress.steps} />
        <p>
          {`Submitted for moderation by ${inProgress.byMe ? 'you' : (inProgress.requestedBy ?? 'a deleted user')}, `}
          <time dateTime={inProgress.requestedAt}>{formatDateTime(inProgress.requestedAt)}</time>.
        </p>
        {inProgress.newerDraft ? (
          <p>
            A newer draft was saved after the submission. Approving publishes the submitted version; submit for
            moderation again to put the newer draft up for review.
          </p>
        ) : null}
        {inProgress.canReview || inProgress.canCancel ? (
          <div className="admin-moderation__bar">
            {inProgress.canReview ? <ReviewActions pageId={pageId} pending={inProgress} csrfToken={csrfToken} /> : null}
            {inProgress.canCancel ? (
              <CancelWorkflowForm pageId={pageId} pending={inProgress} csrfToken={csrfToken} />
            ) : null}
          </div>
        ) : null}
      </section>
    );
  }
  if (changesRequested) {
    return (
      <div className="admin-warning" role="status" data-testid="changes-requested">
        <p>
          {`Changes requested by ${changesRequested.by ?? 'a deleted user'}, `}
          <time dateTime={changesRequested.at}>{formatDateTime(changesRequested.at)}</time>
          {changesRequested.taskName ? ` at the task '${changesRequested.taskName}'` : ''}
          {changesRequested.comment ? `: ${changesRequested.comment}` : '.'}
        </p>
      </div>
    );
  }
  return null;
}

/** The edit form's submit button for moderation (a resubmit while the page is already in moderation). */
export function SubmitForModerationButton({ moderation }: { moderation: ModerationView }) {
  // No workflow applies to the page (and none is in progress): nothing to submit to, as in Wagtail.
  if (!moderation.workflowName && !moderation.inProgress) return null;
  return (
    <button
      type="submit"
      name="action-submit"
      value="action-submit"
      className="admin-button admin-button--secondary"
      data-action-item
    >
      {moderation.inProgress ? 'Resubmit for moderation' : 'Submit for moderation'}
    </button>
  );
}
