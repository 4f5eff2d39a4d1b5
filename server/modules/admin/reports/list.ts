import type { Db } from '../../../db';
import type { ListView, RowView } from '../../../../shared/admin/viewset';
import { VIEWSET_PAGE_SIZE } from '../../../../shared/schemas/viewset';
import { columnViews, filterViews, listHrefWith, paginationView, type ReadListQuery } from '../viewsets/list';
import { reportUrlOf, type AnyReport, type ReportViewer } from './definition';

/** A report's screen: the viewset's list view with no add, edit, delete or bulk actions. */
export async function buildReportView(
  db: Db,
  report: AnyReport,
  read: ReadListQuery,
  viewer: ReportViewer,
): Promise<ListView> {
  const { query, page, ordering } = read;
  const offset = (page - 1) * VIEWSET_PAGE_SIZE;
  const { rows, total } = await report.list(db, { ...query, limit: VIEWSET_PAGE_SIZE, offset }, viewer);
  const current = { q: query.q, filters: query.filters, ordering };
  const baseUrl = reportUrlOf(report);
  const hrefFor = (change: Record<string, string | undefined>) =>
    listHrefWith(baseUrl, report.defaultOrder, current, change);
  const selfHref = hrefFor(page > 1 ? { p: String(page) } : {});
  const rowViews: RowView[] = rows.map((row, index) => ({
    // Report rows need not have an id of their own (an audit entry, a page type): the row's place is its key.
    id: offset + index + 1,
    title: report.rowTitle(row),
    cells: report.columns.map((column) => ({ text: column.value(row), href: column.href?.(row, viewer) })),
    postActions: report.rowActions?.(row, viewer, selfHref),
  }));
  return {
    names: report.names,
    heading: report.title,
    intro: report.intro,
    baseUrl,
    q: query.q,
    ordering: ordering === report.defaultOrder ? '' : ordering,
    filters: filterViews(report, read),
    columns: columnViews(report, query.order, hrefFor),
    rows: rowViews,
    pagination: paginationView(page, total, hrefFor),
    actions: [],
    exportHrefs: { csv: hrefFor({ export: 'csv' }), xlsx: hrefFor({ export: 'xlsx' }) },
    selfHref,
    searchable: report.search === true,
  };
}
