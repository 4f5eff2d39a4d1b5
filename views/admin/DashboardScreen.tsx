import type { DashboardView } from '../../server/modules/admin/explorer-service';
import { DashboardModerationPanels } from './DashboardModerationPanels';
import { formatDateTime } from './format';
import { FlashMessage } from './FormFields';
import { PageTable } from './PageTable';

/** /wagtail/: what changed lately across the site, and the pages you own. */
export function DashboardScreen({ view, displayName, csrfToken }: { view: DashboardView; displayName: string; csrfToken: string }) {
  return (
    <>
      <h1>{`Welcome, ${displayName}`}</h1>
      <FlashMessage message={view.message} />
      <DashboardModerationPanels panels={view} csrfToken={csrfToken} />
      <section aria-labelledby="recent-edits" className="admin-panel">
        <h2 id="recent-edits">Recent edits</h2>
        {view.recentEdits.length ? (
          <ul className="admin-list">
            {view.recentEdits.map((edit) => (
              <li key={edit.revisionId}>
                <a href={`/wagtail/pages/${edit.pageId}/edit/`}>{edit.title}</a>{' '}
                <span className="admin-muted">
                  by {edit.username ?? 'a deleted user'}, <time dateTime={edit.at}>{formatDateTime(edit.at)}</time>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="admin-empty">No edits yet.</p>
        )}
      </section>
      <section aria-labelledby="your-pages" className="admin-panel">
        <h2 id="your-pages">Your pages</h2>
        {view.yourPages.length ? <PageTable rows={view.yourPages} caption="Pages you own" /> : <p className="admin-empty">You do not own any pages yet.</p>}
      </section>
    </>
  );
}
