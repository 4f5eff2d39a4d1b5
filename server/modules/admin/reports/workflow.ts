import { WORKFLOW_STATUSES } from '../../moderation/table';
import { submitters, workflowSubmissions, workflowTaskStates, type WorkflowReportRow } from '../../reports/service';
import { TASK_STATUSES } from '../../workflows/table';
import { defineReport, reportTime, type ReportColumn, type ReportFilters, type ReportViewer } from './definition';
import { pageScopeOf } from './scope';

const STATUS_LABELS: Record<string, string> = {
  in_progress: 'In progress',
  approved: 'Approved',
  needs_changes: 'Changes requested',
  rejected: 'Changes requested',
  cancelled: 'Cancelled',
  skipped: 'Skipped',
};
const statusLabel = (status: string) => STATUS_LABELS[status] ?? status;
const pageHref = (row: WorkflowReportRow, viewer: ReportViewer) =>
  viewer.pages.can('change', row) ? `/wagtail/pages/${row.page_id}/edit/` : undefined;

const page: ReportColumn<WorkflowReportRow> = {
  name: 'page',
  label: 'Page',
  sortable: true,
  value: (row) => row.page_title,
  href: pageHref,
};
const status: ReportColumn<WorkflowReportRow> = {
  name: 'status',
  label: 'Status',
  sortable: true,
  value: (row) => statusLabel(row.status),
};
const requestedBy: ReportColumn<WorkflowReportRow> = {
  name: 'requested_by',
  label: 'Submitted by',
  sortable: true,
  value: (row) => row.requested_by_name ?? '',
};

const statusFilter = (statuses: readonly string[]): ReportFilters[number] => ({
  name: 'status',
  label: 'Status',
  choices: async () => [
    { value: '', label: 'Any status' },
    ...statuses.map((value) => ({ value, label: statusLabel(value) })),
  ],
});

const otherFilters: ReportFilters = [
  {
    name: 'requested_by',
    label: 'Submitted by',
    choices: async (db) => [
      { value: '', label: 'Anyone' },
      ...(await submitters(db)).map((user) => ({ value: String(user.id), label: user.name ?? `User ${user.id}` })),
    ],
  },
  { name: 'date_from', label: 'Started from', type: 'date' },
  { name: 'date_to', label: 'Started to', type: 'date' },
];
const filters: ReportFilters = [statusFilter(WORKFLOW_STATUSES), ...otherFilters];
const taskFilters: ReportFilters = [statusFilter(TASK_STATUSES), ...otherFilters];

/** Wagtail's workflow report: pages in moderation with their workflow, current task, status, submitter and since when. */
export const workflowReport = defineReport<WorkflowReportRow>({
  slug: 'workflow',
  names: { name: 'submission', plural: 'submissions' },
  title: 'Workflows',
  intro: 'Pages submitted for moderation: their workflow, the task they wait on, who submitted them and since when.',
  columns: [
    page,
    { name: 'workflow', label: 'Workflow', value: (row) => row.workflow_name },
    { name: 'task', label: 'Current task', value: (row) => (row.status === 'in_progress' ? row.task_name : '') },
    status,
    requestedBy,
    { name: 'created_at', label: 'Since', sortable: true, value: (row) => reportTime(row.created_at) },
  ],
  filters,
  search: true,
  defaultOrder: '-created_at',
  list: (db, query, viewer) => workflowSubmissions(db, query, pageScopeOf(viewer)),
  rowTitle: (row) => row.page_title,
});

/** Wagtail's workflow tasks report: each task of each submission, when it started and ended. */
export const workflowTasksReport = defineReport<WorkflowReportRow>({
  slug: 'workflow_tasks',
  names: { name: 'task', plural: 'tasks' },
  title: 'Workflow tasks',
  intro: 'Each moderation task of each submission: its status, when it started and when it was completed.',
  columns: [
    page,
    { name: 'task', label: 'Task', value: (row) => row.task_name },
    status,
    requestedBy,
    { name: 'created_at', label: 'Started', sortable: true, value: (row) => reportTime(row.created_at) },
    { name: 'finished_at', label: 'Completed', sortable: true, value: (row) => reportTime(row.finished_at) },
    { name: 'finished_by', label: 'Completed by', value: (row) => row.finished_by_name ?? '' },
  ],
  filters: taskFilters,
  search: true,
  defaultOrder: '-created_at',
  list: (db, query, viewer) => workflowTaskStates(db, query, pageScopeOf(viewer)),
  rowTitle: (row) => `${row.task_name} of ${row.page_title}`,
});
