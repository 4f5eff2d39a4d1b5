import type { DashboardView } from '../../shared/admin/dashboard';
import { DashboardModerationPanels } from './DashboardModerationPanels';
import { formatDateTime } from './format';
import { FlashMessage } from './FormFields';
import { PageTable } from './PageTable';

/** /wagtail/: the moderation panels, your drafts, your latest edits and the pages you own. */
export function DashboardScreen({
  view,
  displayName,
  csrfToken,
}: {
  view: DashboardView;
  displayName: string;
  csrfToken: string;
}) {
  return (
    <>
      <h1>{`Welcome, ${displayName}`}</h1>
      <FlashMessage message={view.message} />
      <DashboardModerationPanels panels={view} csrfToken={csrfToken} />
      {view.scheduled.length ? (
        <section aria-labelledby="scheduled" className="admin-panel">
          <h2 id="scheduled">Scheduled</h2>
          <ul className="admin-list">
            {view.scheduled.map((item) => (
              <li key={item.revisionId}>
                <a href={`/wagtail/pages/${item.pageId}/edit/`}>{item.title}</a>{' '}
                <span className="admin-muted">
                  {item.live ? 'new version goes live ' : 'goes live '}
                  <time dateTime={item.goLiveAt}>{formatDateTime(item.goLiveAt)}</time>
                </span>{' '}
                {item.canUnschedule ? (
                  <a href={`/wagtail/pages/${item.pageId}/revisions/${item.revisionId}/unschedule/`}>
                    Unschedule<span className="visually-hidden">{` ${item.title}`}</span>
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="your-drafts" className="admin-panel">
        <h2 id="your-drafts">Your drafts</h2>
        {view.yourDrafts.length ? (
          <PageTable rows={view.yourDrafts} caption="Your unpublished changes" />
        ) : (
          <p className="admin-empty">You have no unpublished changes.</p>
        )}
      </section>
      <section aria-labelledby="recent-edits" className="admin-panel">
        <h2 id="recent-edits">Your most recent edits</h2>
        {view.recentEdits.length ? (
          <ul className="admin-list">
            {view.recentEdits.map((edit) => (
              <li key={edit.pageId}>
                <a href={`/wagtail/pages/${edit.pageId}/edit/`}>{edit.title}</a>{' '}
                <span className="admin-muted">
                  <time dateTime={edit.at}>{formatDateTime(edit.at)}</time>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="admin-empty">You have not edited any pages yet.</p>
        )}
      </section>
      <section aria-labelledby="your-pages" className="admin-panel">
        <h2 id="your-pages">Your pages</h2>
        {view.yourPages.length ? (
          <PageTable rows={view.yourPages} caption="Pages you own" />
        ) : (
          <p className="admin-empty">You do not own any pages yet.</p>
        )}
      </section>
    </>
  );
}
