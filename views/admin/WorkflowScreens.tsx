import { CsrfField } from './CsrfField';
import { formatDateTime } from './format';
import { FormErrorSummary, TextAreaField } from './FormFields';
import type { PendingModeration } from '../../shared/admin/moderation';

export type WorkflowCommentAction = 'approve' | 'request_changes';

export type WorkflowCommentScreenProps = {
  csrfToken: string;
  action: WorkflowCommentAction;
  page: { id: number; title: string };
  pending: PendingModeration;
  comment: string;
  error?: string;
  /** Where to go back to afterwards (the dashboard or the editor). */
  next?: string;
};

function wordsOf(action: WorkflowCommentAction, pending: PendingModeration, title: string) {
  if (action === 'request_changes') {
    return {
      heading: `Request changes to '${title}'`,
      button: 'Request changes',
      help: 'Optional: what should change before the page can be published.',
      failed: 'The changes could not be requested due to errors.',
    };
  }
  const button = pending.lastTask === false ? 'Approve with comment' : 'Approve with comment and publish';
  return {
    heading: `Approve '${title}'`,
    button,
    help: 'Optional: a note for the author and the history.',
    failed: 'The page could not be approved due to errors.',
  };
}

/**
 * /wagtail/pages/{id}/workflow/request_changes/ and /approve/: the current task ends with a
 * comment (sent back to the author, or approved with a note).
 */
export function WorkflowCommentScreen({
  csrfToken,
  action,
  page,
  pending,
  comment,
  error,
  next,
}: WorkflowCommentScreenProps) {
  const words = wordsOf(action, pending, page.title);
  return (
    <>
      <h1>{words.heading}</h1>
      <p>
        {pending.taskName ? `Task: ${pending.taskName}. ` : ''}
        {`Submitted for moderation by ${pending.requestedBy ?? 'a deleted user'}, `}
        <time dateTime={pending.requestedAt}>{formatDateTime(pending.requestedAt)}</time>.{' '}
        <a href={`/wagtail/pages/${page.id}/revisions/${pending.revisionId}/view/`}>Preview the submitted version</a>
      </p>
      <FormErrorSummary show={Boolean(error)} nonFieldErrors={[]}>
        {words.failed}
      </FormErrorSummary>
      <form method="post" action={`/wagtail/pages/${page.id}/workflow/${action}/`} noValidate className="admin-form">
        <CsrfField token={csrfToken} />
        <input type="hidden" name="workflow_state_id" value={pending.stateId} />
        <input type="hidden" name="revision_id" value={pending.revisionId} />
        {pending.taskStateId ? <input type="hidden" name="task_state_id" value={pending.taskStateId} /> : null}
        {next ? <input type="hidden" name="next" value={next} /> : null}
        <TextAreaField name="comment" label="Comment" help={words.help} value={comment} error={error} />
        <div className="admin-actions">
          <button type="submit" className="admin-button admin-button--primary">
            {words.button}
          </button>
          <a className="admin-button admin-button--secondary" href={next ?? `/wagtail/pages/${page.id}/edit/`}>
            Cancel
          </a>
        </div>
      </form>
    </>
  );
}
