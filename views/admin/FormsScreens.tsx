import { CsrfField } from './CsrfField';
import { DateRangeFilter } from './DateRangeFilter';
import { ListingTable } from './ListingTable';
import { SpreadsheetDownloads, type ExportHrefs } from './SpreadsheetDownloads';

/*
 * The back office's forms area (Wagtail's wagtailforms layout): the pages with a form, each one's
 * submissions (date filters, export, delete; a submission's detail is the viewset's inspect
 * screen), and the subscribers with their consent records. Every value is rendered as text, so
 * script a guest typed stays text.
 */

export type FormPageRow = {
  id: number;
  title: string;
  url: string;
  pageType: string;
  submissions: number;
  lastSubmittedAt: string | null;
};

export function FormPagesScreen({
  pages,
  flash,
  canViewSubscribers,
}: {
  pages: FormPageRow[];
  flash?: string;
  canViewSubscribers: boolean;
}) {
  return (
    <div className="admin-forms">
      <div className="admin-heading">
        <h1>Forms</h1>
        <a className="admin-button" href="/wagtail/forms/accessibility-reports/">
          Accessibility reports
        </a>
        {canViewSubscribers ? (
          <a className="admin-button" href="/wagtail/forms/subscribers/">
            Subscribers
          </a>
        ) : null}
      </div>
      {flash ? (
        <p className="admin-flash" role="status">
          {flash}
        </p>
      ) : null}
      <ListingTable
        caption="Pages with a form"
        rows={pages}
        rowKey={(row) => row.id}
        empty="No page has a form yet."
        columns={[
          { header: 'Title', cell: (row) => <a href={`/wagtail/forms/submissions/${row.id}/`}>{row.title}</a> },
          { header: 'Origin', cell: (row) => row.url },
          { header: 'Type', cell: (row) => row.pageType },
          { header: 'Submissions', cell: (row) => String(row.submissions) },
          { header: 'Last submission', cell: (row) => row.lastSubmittedAt ?? '—' },
        ]}
      />
    </div>
  );
}

export type SubmissionRow = { id: number; submittedAt: string; summary: string; fields: Array<[string, string]> };

export function SubmissionsScreen({
  page,
  rows,
  total,
  filters,
  error,
  pagination,
  exportHrefs,
  csrfToken,
  canDelete,
  flash,
}: {
  page: { id: number; title: string };
  rows: SubmissionRow[];
  total: number;
  filters: { date_from: string; date_to: string };
  error?: string;
  pagination: { page: number; pages: number; prevHref?: string; nextHref?: string };
  /** Absent: the user may not export. */
  exportHrefs?: ExportHrefs;
  csrfToken: string;
  canDelete: boolean;
  flash?: string;
}) {
  return (
    <div className="admin-forms">
      <div className="admin-heading">
        <h1>{`Form data: ${page.title}`}</h1>
        <SpreadsheetDownloads hrefs={exportHrefs} />
      </div>
      <p>
        <a href="/wagtail/forms/">All forms</a>
      </p>
      {flash ? (
        <p className="admin-flash" role="status">
          {flash}
        </p>
      ) : null}
      <DateRangeFilter label="Filter submissions" filters={filters} error={error} />
      <p>{`${total} submission${total === 1 ? '' : 's'}`}</p>
      <form method="post" action={`/wagtail/forms/submissions/${page.id}/delete/`}>
        <CsrfField token={csrfToken} />
        <ListingTable
          caption={`Submissions of ${page.title}`}
          rows={rows}
          rowKey={(row) => row.id}
          empty="No submissions."
          columns={[
            ...(canDelete
              ? [
                  {
                    header: 'Select',
                    cell: (row: SubmissionRow) => (
                      <input
                        type="checkbox"
                        name="selected"
                        value={String(row.id)}
                        aria-label={`Select submission ${row.id}`}
                      />
                    ),
                  },
                ]
              : []),
            {
              header: 'Submission date',
              cell: (row) => <a href={`/wagtail/forms/submissions/${page.id}/${row.id}/`}>{row.submittedAt}</a>,
            },
            { header: 'Summary', cell: (row) => row.summary },
          ]}
        />
        {canDelete && rows.length > 0 ? (
          <button type="submit" className="admin-button admin-button--danger">
            Delete selected
          </button>
        ) : null}
      </form>
      <nav aria-label="Pagination" className="admin-pagination">
        {pagination.prevHref ? <a href={pagination.prevHref}>Previous</a> : null}
        <span>{`Page ${pagination.page} of ${pagination.pages}`}</span>
        {pagination.nextHref ? <a href={pagination.nextHref}>Next</a> : null}
      </nav>
    </div>
  );
}

export type SubscriberRow = { id: number; email: string; name: string; subscribed: boolean; updatedAt: string };
export type ConsentRow = {
  id: number;
  action: string;
  channel: string;
  wording: string;
  wordingVersion: string;
  language: string;
  sourceUrl: string;
  ip: string;
  createdAt: string;
};

export function SubscribersScreen({
  rows,
  total,
  q,
  pagination,
}: {
  rows: SubscriberRow[];
  total: number;
  q: string;
  pagination: { page: number; pages: number; prevHref?: string; nextHref?: string };
}) {
  return (
    <div className="admin-forms">
      <h1>Subscribers</h1>
      <p>
        <a href="/wagtail/forms/">All forms</a>
      </p>
      <form method="get" className="admin-filters" role="search">
        <label htmlFor="q">Search</label>
        <input type="search" id="q" name="q" defaultValue={q} placeholder="E-mail or name" />
        <button type="submit" className="admin-button">
          Search
        </button>
      </form>
      <p>{`${total} subscriber${total === 1 ? '' : 's'}`}</p>
      <ListingTable
        caption="Subscribers"
        rows={rows}
        rowKey={(row) => row.id}
        empty="No subscribers."
        columns={[
          { header: 'E-mail', cell: (row) => <a href={`/wagtail/forms/subscribers/${row.id}/`}>{row.email}</a> },
          { header: 'Name', cell: (row) => row.name },
          {
            header: 'Status',
            cell: (row) => (
              <span className={`status-tag ${row.subscribed ? 'status-tag--live' : 'status-tag--draft'}`}>
                {row.subscribed ? 'subscribed' : 'unsubscribed'}
              </span>
            ),
          },
          { header: 'Updated', cell: (row) => row.updatedAt },
        ]}
      />
      <nav aria-label="Pagination" className="admin-pagination">
        {pagination.prevHref ? <a href={pagination.prevHref}>Previous</a> : null}
        <span>{`Page ${pagination.page} of ${pagination.pages}`}</span>
        {pagination.nextHref ? <a href={pagination.nextHref}>Next</a> : null}
      </nav>
    </div>
  );
}

export function SubscriberScreen({
  subscriber,
  fields,
  consents,
}: {
  subscriber: SubscriberRow;
  fields: Array<[string, string]>;
  consents: ConsentRow[];
}) {
  return (
    <div className="admin-forms">
      <h1>{subscriber.email}</h1>
      <p>
        <a href="/wagtail/forms/subscribers/">All subscribers</a>
      </p>
      <dl className="admin-details">
        {fields.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h2>Consent records</h2>
      <ListingTable
        caption="Consent records"
        rows={consents}
        rowKey={(row) => row.id}
        empty="No consent records."
        columns={[
          { header: 'When', cell: (row) => row.createdAt },
          { header: 'Action', cell: (row) => row.action },
          { header: 'Channel', cell: (row) => row.channel },
          {
            header: 'Wording shown',
            cell: (row) => <span className="admin-pre">{`${row.wording} (version ${row.wordingVersion})`}</span>,
          },
          { header: 'Language', cell: (row) => row.language },
          { header: 'Source page', cell: (row) => row.sourceUrl },
          { header: 'IP address', cell: (row) => row.ip },
        ]}
      />
    </div>
  );
}
