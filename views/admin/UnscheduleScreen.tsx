import { CsrfField } from './CsrfField';
import { formatDateTime } from './format';

/** /wagtail/pages/{id}/revisions/{revision_id}/unschedule/: confirm taking a revision off the schedule. */
export function UnscheduleScreen(props: {
  page: { id: number; title: string };
  revisionId: number;
  goLiveAt: string | null;
  csrfToken: string;
  errors: string[];
}) {
  const { page, revisionId, goLiveAt, csrfToken, errors } = props;
  return (
    <>
      <div className="admin-heading">
        <h1>{`Unschedule ${page.title}`}</h1>
        <a className="admin-button admin-button--secondary" href={`/wagtail/pages/${page.id}/revisions/`}>
          Cancel
        </a>
      </div>
      {errors.length ? (
        <div className="admin-errors" role="alert">
          {errors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      ) : null}
      {goLiveAt ? (
        <>
          <p>
            {'This version is scheduled to go live at '}
            <time dateTime={goLiveAt}>{formatDateTime(goLiveAt)}</time>
            {'. Unscheduling keeps it as a version you can publish later; the page as it is live now stays live.'}
          </p>
          <form
            method="post"
            action={`/wagtail/pages/${page.id}/revisions/${revisionId}/unschedule/`}
            className="admin-actions"
          >
            <CsrfField token={csrfToken} />
            <p>Are you sure you want to unschedule this version?</p>
            <button type="submit" className="admin-button admin-button--primary">
              Yes, unschedule
            </button>
          </form>
        </>
      ) : (
        <p>This version is not scheduled for publishing.</p>
      )}
    </>
  );
}
