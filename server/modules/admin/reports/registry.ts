import type { AnyViewSet } from '../viewsets/definition';
import { lockedPagesReport } from './locked';
import { agingPagesReport, pageTypesUsageReport } from './pages';
import { siteHistoryReport } from './site-history';
import { translationsReport } from './translations';
import { workflowReport, workflowTasksReport } from './workflow';

/**
 * Every report, in the order of the reports index (Wagtail's Reports menu). Each is a list-only
 * viewset: the admin router mounts them like the others and the permission-matrix test reads
 * their routes from them. They are kept apart from admin/areas.ts's ADMIN_VIEWSETS because they
 * manage no model (and the site history report reads areas.ts's logged models).
 */
export const REPORTS: readonly AnyViewSet[] = [
  lockedPagesReport,
  workflowReport,
  workflowTasksReport,
  siteHistoryReport,
  agingPagesReport,
  pageTypesUsageReport,
  translationsReport,
];
