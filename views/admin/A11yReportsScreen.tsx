import { ListingTable } from './ListingTable';
import { DateRangeFilter } from './DateRangeFilter';
import { SpreadsheetDownloads, type ExportHrefs } from './SpreadsheetDownloads';

/*
 * The accessibility reports guests sent from the footer (issue 29), in the forms area: newest
 * first, date filters, CSV and XLSX export. Every value is text, so script a guest typed stays text.
 */

export type A11yReportRow = {
  id: number;
  submittedAt: string;
  pageUrl: string;
  description: string;
  email: string;
  screen: string;
  language: string;
};

export function A11yReportsScreen({
  rows,
  total,
  filters,
  error,
  pagination,
  exportHrefs,
}: {
  rows: A11yReportRow[];
  total: number;
  filters: { date_from: string; date_to: string };
  error?: string;
  pagination: { page: number; pages: number; prevHref?: string; nextHref?: string };
  /** Absent: the user may not export. */
  exportHrefs?: ExportHrefs;
}) {
  return (
    <div className="admin-forms">
      <div className="admin-heading">
        <h1>Accessibility reports</h1>
        <SpreadsheetDownloads hrefs={exportHrefs} />
      </div>
      <p>
        <a href="/wagtail/forms/">All forms</a>
      </p>
      <DateRangeFilter label="Filter reports" filters={filters} error={error} />
      <p>{`${total} report${total === 1 ? '' : 's'}`}</p>
      <ListingTable
        caption="Accessibility reports"
        rows={rows}
        rowKey={(row) => row.id}
        empty="No reports."
        columns={[
          { header: 'Date', cell: (row) => row.submittedAt },
          { header: 'Page', cell: (row) => row.pageUrl },
          { header: 'Description', cell: (row) => <span className="admin-pre">{row.description}</span> },
          { header: 'E-mail', cell: (row) => row.email },
          { header: 'Screen', cell: (row) => row.screen },
          { header: 'Language', cell: (row) => row.language },
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
