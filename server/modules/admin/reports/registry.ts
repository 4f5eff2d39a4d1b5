import type { AnyReport } from './definition';
import { lockedPagesReport } from './locked';
import { agingPagesReport, pageTypesUsageReport } from './pages';
import { siteHistoryReport } from './site-history';
import { translationsReport } from './translations';
import { workflowReport, workflowTasksReport } from './workflow';

/** Every report, in the order of the reports index (Wagtail's Reports menu). */
export const REPORTS: readonly AnyReport[] = [
  lockedPagesReport,
  workflowReport,
  workflowTasksReport,
  siteHistoryReport,
  agingPagesReport,
  pageTypesUsageReport,
  translationsReport,
];
