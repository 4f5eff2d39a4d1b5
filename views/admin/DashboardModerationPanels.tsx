import type { DashboardPanels } from '../../shared/admin/dashboard';
import { CsrfField } from './CsrfField';
import { formatDateTime } from './format';
import { ListingTable } from './ListingTable';
import { CancelWorkflowForm, ReviewActions } from './ModerationPanel';

const HOME = '/wagtail/';

/**
 * The dashboard's moderation and lock panels. As in Wagtail, a panel with nothing in it is not
 * shown at all (these lists are to-do lists; an empty one is just noise).
 */
export function DashboardModerationPanels({ panels, csrfToken }: { panels: DashboardPanels; csrfToken: string }) {
  return (
    <>
      {panels.awaitingReview.length ? (
        <section aria-labelledby="awaiting-review" className="admin-panel" data-testid="awaiting-review">
          <h2 id="awaiting-review">Awaiting your review</h2>
          <ListingTable
            caption="Pages submitted for moderation that you may approve"
            rows={panels.awaitingReview}
            rowKey={(item) => item.stateId}
            columns={[
              {
                header: 'Title',
                cell: (item) => (
                  <a className="admin-table__title" href={`/wagtail/pages/${item.pageId}/edit/`}>
                    {item.title}
                  </a>
                ),
              },
              { header: 'Submitted by', cell: (item) => item.requestedBy ?? 'a deleted user' },
              {
                header: 'Submitted',
                cell: (item) => <time dateTime={item.requestedAt}>{formatDateTime(item.requestedAt)}</time>,
              },
              {
                header: 'Actions',
                cell: (item) => (
                  <ReviewActions
                    pageId={item.pageId}
                    pending={item}
                    csrfToken={csrfToken}
                    next={HOME}
                    pageTitle={item.title}
                  />
                ),
              },
            ]}
          />
        </section>
      ) : null}
      {panels.yourModeration.length ? (
        <section aria-labelledby="your-moderation" className="admin-panel" data-testid="your-moderation">
          <h2 id="your-moderation">Your pages in moderation</h2>
          <ul className="admin-list">
            {panels.yourModeration.map((item) => (
              <li key={item.stateId}>
                <a href={`/wagtail/pages/${item.pageId}/edit/`}>{item.title}</a>{' '}
                <span className="admin-muted">
                  submitted <time dateTime={item.requestedAt}>{formatDateTime(item.requestedAt)}</time>
                </span>{' '}
                {item.canCancel ? (
                  <CancelWorkflowForm
                    pageId={item.pageId}
                    pending={item}
                    csrfToken={csrfToken}
                    next={HOME}
                    pageTitle={item.title}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {panels.lockedPages.length ? (
        <section aria-labelledby="your-locked-pages" className="admin-panel" data-testid="your-locked-pages">
          <h2 id="your-locked-pages">Your locked pages</h2>
          <ul className="admin-list">
            {panels.lockedPages.map((page) => (
              <li key={page.id}>
                <a href={`/wagtail/pages/${page.id}/edit/`}>{page.title}</a>{' '}
                {page.lockedAt ? (
                  <span className="admin-muted">
                    locked <time dateTime={page.lockedAt}>{formatDateTime(page.lockedAt)}</time>
                  </span>
                ) : null}{' '}
                <form method="post" action={`/wagtail/pages/${page.id}/unlock/`} className="admin-inline-form">
                  <CsrfField token={csrfToken} />
                  <input type="hidden" name="next" value={HOME} />
                  <button type="submit" className="admin-button admin-button--secondary">
                    Unlock<span className="visually-hidden">{` '${page.title}'`}</span>
                  </button>
                </form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
