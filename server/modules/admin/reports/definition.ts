import type { Db } from '../../../db';
import type { RowActionView } from '../../../../shared/admin/viewset';
import type { UserModelPermissions } from '../../permissions/model-policy';
import type { UserPagePermissions } from '../../permissions/policy';
import type { ListQuery, ViewSetFilter } from '../viewsets/definition';
import { formatAdminTime } from '../../../../shared/admin/admin-clock';

/**
 * A read-only report (Wagtail's wagtail.admin.views.reports): a viewset list without a model to
 * add, edit or delete. It reuses the viewset's list query (search, filters, sorting, pages of
 * 50) and its CSV/XLSX export; what differs is that every list is scoped to the viewer, so the
 * store receives who is asking. See docs/decisions/2026-11-26-reports.md.
 */
export type ReportViewer = { userId: number; pages: UserPagePermissions; models: UserModelPermissions };

export type ReportColumn<Row> = {
  name: string;
  label: string;
  sortable?: boolean;
  /** The cell's text (also what the exports hold). */
  value(row: Row): string;
  /** The cell links somewhere (the page's edit screen...) for this viewer; undefined: plain text. */
  href?(row: Row, viewer: ReportViewer): string | undefined;
};

export type ReportFilters = readonly ViewSetFilter[];

export type Report<Row> = {
  /** The URL's folder under /wagtail/reports/ (Wagtail's names: 'locked', 'site-history'...). */
  slug: string;
  names: { name: string; plural: string };
  title: string;
  /** One sentence under the heading and on the reports index. */
  intro: string;
  columns: readonly ReportColumn<Row>[];
  filters?: readonly ViewSetFilter[];
  /** Shown when the list searches `q`. */
  search?: boolean;
  defaultOrder: string;
  /** The rows this viewer may see, filtered, sorted and paged. */
  list(db: Db, query: ListQuery, viewer: ReportViewer): Promise<{ rows: Row[]; total: number }>;
  /** The row's title for screen readers (its actions' labels). */
  rowTitle(row: Row): string;
  /** Buttons posting to existing actions (e.g. unlock), only those the viewer may use. */
  rowActions?(row: Row, viewer: ReportViewer, returnTo: string): RowActionView[];
};

/** Keeps the row type of a declaration (no runtime work). */
export function defineReport<Row>(report: Report<Row>): Report<Row> {
  return report;
}

/** A report whose row type no longer matters (the registry, the routes). */
export type AnyReport = Report<any>;

export const reportUrlOf = (report: Pick<AnyReport, 'slug'>) => `/wagtail/reports/${report.slug}/`;

/** Report timestamps as the admin shows them: in the reader's zone, named ('Dec 1, 2026, 9:00 AM EST'). */
export const reportTime = (value: Date | string | null | undefined) => (value ? formatAdminTime(value) : '');
