import { A11yReportsScreen } from '../../../../views/admin/A11yReportsScreen';
import { listAccessibilityReports } from '../../forms/a11y-report-service';
import { FORM_SUBMISSION_MODEL } from '../../forms/service';
import type { AccessibilityReport } from '../../forms/table';
import type { ListQuery } from '../viewsets/definition';
import { defineListViewSet } from '../viewsets/list-only';
import type { ViewSetColumn } from '../viewsets/list-types';
import { adminTime, exportHrefsFor, FORMS_PER_PAGE, pagination, readDateListQuery } from './list-links';

/**
 * The accessibility reports guests send from the footer, at /wagtail/forms/accessibility-reports/
 * (linked from the forms index): newest first, a date range (a bad date keeps the screen with its
 * message and answers 400), CSV and XLSX. A list and nothing else, read with the form submissions'
 * 'change' (reports are guest submissions that have no form page): see
 * docs/decisions/2026-11-29-accessibility-reports.md.
 */

const screenSize = (report: AccessibilityReport) =>
  report.screen_width && report.screen_height ? `${report.screen_width}×${report.screen_height}` : '';

/** The only order (the store's): newest first. */
const newest: ListQuery['order'] = { column: 'submitted_at', desc: true };

/** What the export holds (the screen shows all but the browser). */
const columns: ReadonlyArray<ViewSetColumn<AccessibilityReport>> = [
  { name: 'submitted_at', label: 'Submission date', value: (row) => adminTime(row.submitted_at) },
  { name: 'page_url', label: 'Page', value: (row) => row.page_url },
  { name: 'description', label: 'Description', value: (row) => row.description },
  { name: 'email', label: 'E-mail', value: (row) => row.email },
  { name: 'screen', label: 'Screen', value: screenSize },
  { name: 'language_code', label: 'Language', value: (row) => row.language_code },
  { name: 'user_agent', label: 'Browser', value: (row) => row.user_agent },
];

export const a11yReportsViewSet = defineListViewSet<AccessibilityReport>({
  app: 'forms',
  model: 'accessibilityreport',
  names: { name: 'accessibility report', plural: 'accessibility reports' },
  base: 'forms/accessibility-reports',
  section: 'forms',
  permissionModel: FORM_SUBMISSION_MODEL,
  permissions: { list: 'change', export: 'change' },
  title: (row) => `Accessibility report ${row.id}`,
  columns,
  defaultOrder: '-submitted_at',
  customList: {
    render: async ({ req, may, list }) => {
      const { query, error } = readDateListQuery(req);
      const filters = { date_from: query.date_from, date_to: query.date_to };
      if (query.export) {
        const { rows } = await list({ q: '', filters, order: newest, limit: 100_000, offset: 0 });
        return {
          spreadsheet: {
            format: query.export,
            name: 'accessibility-reports',
            sheetName: 'Accessibility reports',
            headers: columns.map((column) => column.label),
            rows: rows.map((row) => columns.map((column) => column.value(row))),
          },
        };
      }
      const offset = (query.p - 1) * FORMS_PER_PAGE;
      const { rows, total } = await list({ q: '', filters, order: newest, limit: FORMS_PER_PAGE, offset });
      const element = (
        <A11yReportsScreen
          rows={rows.map((report) => ({
            id: report.id,
            submittedAt: adminTime(report.submitted_at),
            pageUrl: report.page_url,
            description: report.description,
            email: report.email,
            screen: screenSize(report),
            language: report.language_code,
          }))}
          total={total}
          filters={filters}
          error={error}
          exportHrefs={exportHrefsFor(req, may('export'))}
          pagination={pagination(req, query.p, total)}
        />
      );
      return { screen: { title: 'Accessibility reports', element, status: error ? 400 : 200 } };
    },
  },
  store: { list: (db, query) => listAccessibilityReports(db, query) },
});
