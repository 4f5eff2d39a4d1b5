import type { SnapshotChange } from '../../shared/admin/revisions';
import { ListingTable } from './ListingTable';
import { CsrfField } from './CsrfField';
import { formatDateTime } from './format';

export type PageRef = { id: number; title: string };
export type RevisionRow = {
  id: number;
  title: string;
  createdAt: string;
  user: string | null;
  isLive: boolean;
  isLatest: boolean;
  scheduledFor: string | null;
};
export type HistoryRow = {
  id: number;
  action: string;
  description: string;
  createdAt: string;
  user: string | null;
  revisionId: number | null;
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

/** /wagtail/pages/{id}/history/: every action from the audit log, newest first. */
export function HistoryScreen({ page, rows }: { page: PageRef; rows: HistoryRow[] }) {
  return (
    <>
      <Heading kicker="History" page={page} />
      <ListingTable
        caption={`History of ${page.title}`}
        rows={rows}
        rowKey={(row) => row.id}
        empty="No history yet."
        columns={[
          { header: 'Action', cell: (row) => row.description },
          { header: 'User', cell: (row) => row.user ?? 'System' },
          { header: 'Date', cell: (row) => formatDateTime(row.createdAt) },
        ]}
      />
    </>
  );
}

/** /wagtail/pages/{id}/revisions/: every saved version, with view, compare and revert. */
export function RevisionsScreen({ page, rows, csrfToken }: { page: PageRef; rows: RevisionRow[]; csrfToken: string }) {
  return (
    <>
      <Heading kicker="Revisions" page={page} />
      <ListingTable
        caption={`Revisions of ${page.title}`}
        rows={rows}
        rowKey={(row) => row.id}
        columns={[
          {
            header: 'Revision',
            cell: (row) => (
              <>
                <a href={`/wagtail/pages/${page.id}/revisions/${row.id}/view/`}>{formatDateTime(row.createdAt)}</a>
                {row.isLive ? <span className="admin-status admin-status--live"> live</span> : null}
                {row.isLatest && !row.isLive ? (
                  <span className="admin-status admin-status--draft"> current draft</span>
                ) : null}
                {row.scheduledFor ? (
                  <span className="admin-status admin-status--scheduled">{` scheduled for ${formatDateTime(row.scheduledFor)}`}</span>
                ) : null}
                <span className="admin-table__children">{row.title}</span>
              </>
            ),
          },
          { header: 'User', cell: (row) => row.user ?? 'System' },
          {
            header: 'Actions',
            className: 'admin-row-actions',
            cell: (row, index) => {
              const previous = rows[index + 1];
              return (
                <>
                  {previous ? (
                    <a href={`/wagtail/pages/${page.id}/revisions/compare/${previous.id}...${row.id}/`}>
                      Compare with previous<span className="visually-hidden">{` (revision ${row.id})`}</span>
                    </a>
                  ) : null}
                  {!row.isLive ? (
                    <a href={`/wagtail/pages/${page.id}/revisions/compare/${row.id}...live/`}>
                      Compare with live<span className="visually-hidden">{` (revision ${row.id})`}</span>
                    </a>
                  ) : null}
                  {row.scheduledFor ? (
                    <a href={`/wagtail/pages/${page.id}/revisions/${row.id}/unschedule/`}>
                      Unschedule<span className="visually-hidden">{` (revision ${row.id})`}</span>
                    </a>
                  ) : null}
                  {!row.isLatest ? (
                    <form
                      method="post"
                      action={`/wagtail/pages/${page.id}/revisions/${row.id}/revert/`}
                      className="admin-inline-form"
                    >
                      <CsrfField token={csrfToken} />
                      <button type="submit" className="admin-button admin-button--secondary">
                        Revert to this
                        <span className="visually-hidden">{` revision (${formatDateTime(row.createdAt)})`}</span>
                      </button>
                    </form>
                  ) : null}
                </>
              );
            },
          },
        ]}
      />
    </>
  );
}

function ChangeLines({ changes }: { changes: Array<{ path: string; before: string | null; after: string | null }> }) {
  return (
    <dl className="admin-diff">
      {changes.map((change) => (
        <div key={change.path} className="admin-diff__row">
          {change.path ? <dt>{change.path}</dt> : null}
          <dd>
            {change.before ? <del aria-label="Removed">{change.before}</del> : null}
            {change.before && change.after ? ' → ' : null}
            {change.after ? <ins aria-label="Added">{change.after}</ins> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const CHANGE_WORDS = { added: 'Added', removed: 'Removed', changed: 'Changed', moved: 'Moved' } as const;

/** /wagtail/pages/{id}/revisions/compare/{a}...{b}/: only what changed, field by field, block by block. */
export function CompareScreen({
  page,
  fromLabel,
  toLabel,
  changes,
}: {
  page: PageRef;
  fromLabel: string;
  toLabel: string;
  changes: SnapshotChange[];
}) {
  return (
    <>
      <Heading kicker="Compare" page={page} />
      <p>{`Changes from ${fromLabel} to ${toLabel}.`}</p>
      <p>
        <a href={`/wagtail/pages/${page.id}/revisions/`}>All revisions</a>
      </p>
      {changes.length === 0 ? <p className="admin-empty">There are no differences.</p> : null}
      {changes.map((change) =>
        change.kind === 'field' ? (
          <section key={`f-${change.field}`} className="admin-panel admin-diff-item" data-change="field">
            <h2>{change.field}</h2>
            <ChangeLines changes={change.changes} />
          </section>
        ) : (
          <section
            key={`b-${change.field}-${change.blockId}-${change.change}`}
            className="admin-panel admin-diff-item"
            data-change={change.change}
          >
            <h2>{`${CHANGE_WORDS[change.change]} block: ${change.blockType} (${change.field}, position ${change.position + 1})`}</h2>
            {change.changes.length ? <ChangeLines changes={change.changes} /> : null}
          </section>
        ),
      )}
    </>
  );
}

/** /wagtail/pages/{id}/revisions/{rid}/view/: one revision's content, read-only. */
export function RevisionViewScreen({
  page,
  revision,
  fields,
}: {
  page: PageRef;
  revision: RevisionRow;
  fields: Array<{ path: string; value: string }>;
}) {
  return (
    <>
      <Heading
        kicker={`Revision of ${formatDateTime(revision.createdAt)}${revision.user ? ` by ${revision.user}` : ''}`}
        page={page}
      />
      <p>
        <a href={`/wagtail/pages/${page.id}/revisions/compare/${revision.id}...live/`}>Compare with live</a>
      </p>
      <dl className="admin-diff">
        {fields.map((field) => (
          <div key={field.path} className="admin-diff__row">
            <dt>{field.path}</dt>
            <dd>{field.value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
