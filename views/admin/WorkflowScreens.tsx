import { CsrfField } from './CsrfField';
import { formatDateTime } from './format';
import { FormErrorSummary, TextAreaField } from './FormFields';
import type { PendingModeration } from './ModerationPanel';

export type RequestChangesScreenProps = {
  csrfToken: string;
  page: { id: number; title: string };
  pending: PendingModeration;
  comment: string;
  error?: string;
  /** Where to go back to afterwards (the dashboard or the editor). */
  next?: string;
};

/** /wagtail/pages/{id}/workflow/request_changes/: send the page back to its author with a comment. */
export function RequestChangesScreen({ csrfToken, page, pending, comment, error, next }: RequestChangesScreenProps) {
  return (
    <>
      <h1>{`Request changes to '${page.title}'`}</h1>
      <p>
        {`Submitted for moderation by ${pending.requestedBy ?? 'a deleted user'}, `}
        <time dateTime={pending.requestedAt}>{formatDateTime(pending.requestedAt)}</time>.{' '}
        <a href={`/wagtail/pages/${page.id}/revisions/${pending.revisionId}/view/`}>Preview the submitted version</a>
      </p>
      <FormErrorSummary show={Boolean(error)} nonFieldErrors={[]}>
        The changes could not be requested due to errors.
      </FormErrorSummary>
      <form method="post" action={`/wagtail/pages/${page.id}/workflow/request_changes/`} noValidate className="admin-form">
        <CsrfField token={csrfToken} />
        <input type="hidden" name="workflow_state_id" value={pending.stateId} />
        <input type="hidden" name="revision_id" value={pending.revisionId} />
        {next ? <input type="hidden" name="next" value={next} /> : null}
        <TextAreaField name="comment" label="Comment" help="Optional: what should change before the page can be published." value={comment} error={error} />
        <div className="admin-actions">
          <button type="submit" className="admin-button admin-button--primary">
            Request changes
          </button>
          <a className="admin-button admin-button--secondary" href={next ?? `/wagtail/pages/${page.id}/edit/`}>
            Cancel
          </a>
        </div>
      </form>
    </>
  );
}
