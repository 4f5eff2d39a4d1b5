import type { HistoryView, UsageView } from '../../../shared/admin/viewset';
import { CsrfField } from '../CsrfField';
import { formatDateTime } from '../format';
import { ListingTable } from '../ListingTable';

/** An object's history from the audit log (Wagtail's HistoryView), newest first. */
export function HistoryScreen({ view, csrfToken }: { view: HistoryView; csrfToken: string }) {
  return (
    <>
      <div className="admin-heading">
        <h1>{`History of ${view.title}`}</h1>
        <a className="admin-button admin-button--secondary" href={view.backHref}>
          Back
        </a>
      </div>
      <ListingTable
        caption={`History of ${view.title}`}
        rows={view.entries}
        rowKey={(entry) => entry.id}
        empty="Nothing has been recorded for this item yet."
        columns={[
          { header: 'Action', cell: (entry) => entry.description },
          { header: 'User', cell: (entry) => entry.user ?? 'System' },
          {
            header: 'Date',
            cell: (entry) => <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>,
          },
          {
            header: 'Revision',
            cell: (entry) =>
              entry.revertAction ? (
                <form method="post" action={entry.revertAction}>
                  <CsrfField token={csrfToken} />
                  {/* The accessible name starts with the visible text (WCAG 2.5.3), then says which version. */}
                  <button type="submit" className="admin-button admin-button--secondary">
                    Revert to this version
                    <span className="visually-hidden">{` (${formatDateTime(entry.createdAt)})`}</span>
                  </button>
                </form>
              ) : (
                ''
              ),
          },
        ]}
      />
      {view.total > view.entries.length ? (
        <p className="admin-muted">{`The ${view.entries.length} most recent of ${view.total} entries.`}</p>
      ) : null}
    </>
  );
}

/** Where an object is used (Wagtail's UsageView). */
export function UsageScreen({ view }: { view: UsageView }) {
  return (
    <>
      <div className="admin-heading">
        <h1>{`Usage of ${view.title}`}</h1>
        <a className="admin-button admin-button--secondary" href={view.backHref}>
          Back
        </a>
      </div>
      <ListingTable
        caption={`Usage of ${view.title}`}
        rows={view.items}
        rowKey={(item) => `${item.href ?? ''}${item.label}${item.where}`}
        empty={`This ${view.names.name} is not used anywhere.`}
        columns={[
          { header: 'Used by', cell: (item) => (item.href ? <a href={item.href}>{item.label}</a> : item.label) },
          { header: 'Where', cell: (item) => item.where },
        ]}
      />
    </>
  );
}
