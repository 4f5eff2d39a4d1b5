import { CsrfField } from './CsrfField';
import { formatDateTime } from './format';

/** A submission for moderation in progress, as the edit screen and the dashboard show it. */
export type PendingModeration = {
  stateId: number;
  /** The submitted revision: what the reviewer looks at and what approving publishes. */
  revisionId: number;
  requestedBy: string | null;
  requestedAt: string;
};

/** The edit screen's moderation state and what the viewer may do about it. */
export type ModerationView = {
  workflowName: string;
  /** Whether the viewer may publish the page (else only Save draft and Submit for moderation). */
  canPublish: boolean;
  inProgress:
    | (PendingModeration & {
        byMe: boolean;
        canReview: boolean;
        canCancel: boolean;
        /** A draft saved after the submission: approving still publishes the submitted one. */
        newerDraft: boolean;
      })
    | null;
  /** The last submission ended with a request for changes (shown until the next submission). */
  changesRequested: { by: string | null; at: string; comment: string } | null;
};

const hidden = (name: string, value: string | number) => <input type="hidden" name={name} value={value} />;

/**
 * 'Approve and publish' and 'Request changes' for one submission. `pageTitle` names the page in
 * the buttons' accessible names when several submissions share a screen (the dashboard).
 */
export function ReviewActions({ pageId, pending, csrfToken, next, pageTitle }: { pageId: number; pending: PendingModeration; csrfToken: string; next?: string; pageTitle?: string }) {
  const about = pageTitle ? <span className="visually-hidden">{` '${pageTitle}'`}</span> : null;
  return (
    <div className="admin-moderation__actions">
      <form method="post" action={`/wagtail/pages/${pageId}/workflow/approve/`} className="admin-inline-form">
        <CsrfField token={csrfToken} />
        {hidden('workflow_state_id', pending.stateId)}
        {hidden('revision_id', pending.revisionId)}
        {next ? hidden('next', next) : null}
        <button type="submit" className="admin-button admin-button--primary">
          Approve and publish{about}
        </button>
      </form>
      <a className="admin-button admin-button--secondary" href={`/wagtail/pages/${pageId}/workflow/request_changes/${next ? `?next=${encodeURIComponent(next)}` : ''}`}>
        Request changes{about}
      </a>
      <a href={`/wagtail/pages/${pageId}/revisions/${pending.revisionId}/view/`}>
        Preview the submitted version{about}
      </a>
    </div>
  );
}

export function CancelWorkflowForm({ pageId, pending, csrfToken, next, pageTitle }: { pageId: number; pending: PendingModeration; csrfToken: string; next?: string; pageTitle?: string }) {
  return (
    <form method="post" action={`/wagtail/pages/${pageId}/workflow/cancel/`} className="admin-inline-form">
      <CsrfField token={csrfToken} />
      {hidden('workflow_state_id', pending.stateId)}
      {hidden('revision_id', pending.revisionId)}
      {next ? hidden('next', next) : null}
      <button type="submit" className="admin-button admin-button--secondary">
        Cancel workflow{pageTitle ? <span className="visually-hidden">{` of '${pageTitle}'`}</span> : null}
      </button>
    </form>
  );
}

/** The edit screen's banner: who submitted the page and when, and the review actions the viewer has. */
export function ModerationPanel({ pageId, moderation, csrfToken }: { pageId: number; moderation: ModerationView; csrfToken: string }) {
  const { inProgress, changesRequested } = moderation;
  if (inProgress) {
    return (
      <section className="admin-moderation" aria-labelledby="moderation-heading" data-testid="moderation-banner">
        <h2 id="moderation-heading" className="admin-moderation__heading">{`Awaiting moderation: ${moderation.workflowName}`}</h2>
        <p>
          {`Submitted for moderation by ${inProgress.byMe ? 'you' : (inProgress.requestedBy ?? 'a deleted user')}, `}
          <time dateTime={inProgress.requestedAt}>{formatDateTime(inProgress.requestedAt)}</time>.
        </p>
        {inProgress.newerDraft ? (
          <p>A newer draft was saved after the submission. Approving publishes the submitted version; submit for moderation again to put the newer draft up for review.</p>
        ) : null}
        {inProgress.canReview || inProgress.canCancel ? (
          <div className="admin-moderation__bar">
            {inProgress.canReview ? <ReviewActions pageId={pageId} pending={inProgress} csrfToken={csrfToken} /> : null}
            {inProgress.canCancel ? <CancelWorkflowForm pageId={pageId} pending={inProgress} csrfToken={csrfToken} /> : null}
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
          {changesRequested.comment ? `: ${changesRequested.comment}` : '.'}
        </p>
      </div>
    );
  }
  return null;
}

/** The edit form's submit button for moderation (a resubmit while the page is already in moderation). */
export function SubmitForModerationButton({ moderation }: { moderation: ModerationView }) {
  return (
    <button type="submit" name="action-submit" value="action-submit" className="admin-button admin-button--secondary">
      {moderation.inProgress ? 'Resubmit for moderation' : 'Submit for moderation'}
    </button>
  );
}
