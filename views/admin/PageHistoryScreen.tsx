import { CsrfField } from './CsrfField';
import { DateRangeFilter } from './DateRangeFilter';
import { ListingTable } from './ListingTable';
import { formatDateTime } from './format';

export type PageRef = { id: number; title: string };
export type HistoryRow = {
  /** Unique among the rows: a log entry's or a revision's id. */
  key: string;
  action: string;
  description: string;
  createdAt: string;
  user: string | null;
  /** The revision the action saved or published, when it still exists. */
  revision: {
    id: number;
    previousId: number | null;
    isLive: boolean;
    isLatest: boolean;
    scheduledFor: string | null;
  } | null;
};
export type HistoryFilters = { action: string; user: string; date_from: string; date_to: string };
export type HistoryChoices = {
  actions: Array<{ value: string; label: string }>;
  users: Array<{ id: number; name: string }>;
};

function Heading({ kicker, page }: { kicker: string; page: PageRef }) {
  return (
    <div className="admin-heading">
      <div>
        <p className="admin-muted admin-heading__kicker">{kicker}</p>
        <h1>{page.title}</h1>
      </div>
      <a className="admin-button admin-button--secondary" href={`/wagtail/pages/${page.id}/edit/`}>
        Back to editing
      </a>
    </div>
  );
}

function RevisionLinks({ pageId, row }: { pageId: number; row: NonNullable<HistoryRow['revision']> }) {
  const which = <span className="visually-hidden">{` (revision ${row.id})`}</span>;
  return (
    <>
      <a href={`/wagtail/pages/${pageId}/revisions/${row.id}/view/`}>View{which}</a>
      {row.previousId ? (
        <a href={`/wagtail/pages/${pageId}/revisions/compare/${row.previousId}...${row.id}/`}>
          Compare with previous{which}
        </a>
      ) : null}
      {!row.isLive ? (
        <a href={`/wagtail/pages/${pageId}/revisions/compare/${row.id}...live/`}>Compare with live{which}</a>
      ) : null}
      {row.scheduledFor ? (
        <a href={`/wagtail/pages/${pageId}/revisions/${row.id}/unschedule/`}>Unschedule{which}</a>
      ) : null}
      {!row.isLatest ? (
        <a href={`/wagtail/pages/${pageId}/revisions/${row.id}/revert/`}>Review and revert{which}</a>
      ) : null}
    </>
  );
}

/**
 * /wagtail/pages/{id}/history/: Wagtail's one history screen. Every action from the audit log,
 * newest first, filtered by action, user and dates; rows that saved a revision link to it.
 */
export function PageHistoryScreen({
  page,
  rows,
  total,
  filters,
  choices,
  error,
}: {
  page: PageRef;
  rows: HistoryRow[];
  total: number;
  filters: HistoryFilters;
  choices: HistoryChoices;
  error: string | null;
}) {
  const shown = rows.length < total ? `Showing the latest ${rows.length} of ${total} entries.` : `${total} entries.`;
  return (
    <>
      <Heading kicker="History" page={page} />
      <DateRangeFilter label="Filter the history" filters={filters} error={error}>
        <label htmlFor="history-action">Action</label>
        <select id="history-action" name="action" defaultValue={filters.action}>
          <option value="">Any action</option>
          {choices.actions.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        <label htmlFor="history-user">User</label>
        <select id="history-user" name="user" defaultValue={filters.user}>
          <option value="">Anyone</option>
          {choices.users.map((user) => (
            <option key={user.id} value={String(user.id)}>
              {user.name}
            </option>
          ))}
        </select>
      </DateRangeFilter>
      <p className="admin-muted" role="status">
        {shown}
      </p>
      <ListingTable
        caption={`History of ${page.title}`}
        rows={rows}
        rowKey={(row) => row.key}
        empty="No history matches these filters."
        columns={[
          {
            header: 'Action',
            cell: (row) => (
              <>
                {row.description}
                {row.revision?.isLive ? <span className="admin-status admin-status--live"> live</span> : null}
                {row.revision?.isLatest && !row.revision.isLive ? (
                  <span className="admin-status admin-status--draft"> current draft</span>
                ) : null}
              </>
            ),
          },
          { header: 'User', cell: (row) => row.user ?? 'System' },
          { header: 'Date', cell: (row) => formatDateTime(row.createdAt) },
          {
            header: 'Revision',
            className: 'admin-row-actions',
            cell: (row) => (row.revision ? <RevisionLinks pageId={page.id} row={row.revision} /> : null),
          },
        ]}
      />
    </>
  );
}

/**
 * /wagtail/pages/{id}/revisions/{rid}/revert/: the old revision rendered as the site would show
 * it, and one question before anything changes.
 */
export function RevertConfirmScreen({
  page,
  revision,
  csrfToken,
  error,
}: {
  page: PageRef;
  revision: { id: number; createdAt: string; user: string | null };
  csrfToken: string;
  error: string | null;
}) {
  const when = `${formatDateTime(revision.createdAt)}${revision.user ? ` by ${revision.user}` : ''}`;
  return (
    <>
      <Heading kicker="Revert" page={page} />
      <p>{`This is the revision of ${when}, as the site would show it.`}</p>
      <iframe
        className="admin-revert-preview"
        title={`Preview of the revision of ${formatDateTime(revision.createdAt)}`}
        src={`/wagtail/pages/${page.id}/revisions/${revision.id}/preview/`}
      />
      <form method="post" action={`/wagtail/pages/${page.id}/revisions/${revision.id}/revert/`} className="admin-panel">
        {error ? (
          <p className="admin-error" role="alert">
            {error}
          </p>
        ) : null}
        <CsrfField token={csrfToken} />
        <input type="hidden" name="confirm" value="yes" />
        <p>
          <strong>Replace the current draft with this revision?</strong> The page is not published until you publish it.
        </p>
        <button type="submit" className="admin-button">
          Yes, replace the draft
        </button>{' '}
        <a className="admin-button admin-button--secondary" href={`/wagtail/pages/${page.id}/history/`}>
          No, back to the history
        </a>
        <p>
          <a href={`/wagtail/pages/${page.id}/revisions/compare/${revision.id}...live/`}>Compare with live</a>
        </p>
      </form>
    </>
  );
}
