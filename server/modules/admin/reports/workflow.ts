import { WORKFLOW_STATUSES } from '../../moderation/table';
import { submitters, workflowSubmissions, workflowTaskStates, type WorkflowReportRow } from '../../reports/service';
import { TASK_STATUSES } from '../../workflows/table';
import type { ListViewer, ViewSetColumn, ViewSetFilter } from '../viewsets/list-types';
import { defineListViewSet } from '../viewsets/list-only';
import { reportBase, reportTime } from './definition';
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
const pageHref = (row: WorkflowReportRow, viewer: ListViewer) =>
  viewer.pages.can('change', row) ? `/wagtail/pages/${row.page_id}/edit/` : undefined;

const page: ViewSetColumn<WorkflowReportRow> = {
  name: 'page',
  label: 'Page',
  sortable: true,
  value: (row) => row.page_title,
  linkTo: pageHref,
};
const status: ViewSetColumn<WorkflowReportRow> = {
  name: 'status',
  label: 'Status',
  sortable: true,
  value: (row) => statusLabel(row.status),
};
const requestedBy: ViewSetColumn<WorkflowReportRow> = {
  name: 'requested_by',
  label: 'Submitted by',
  sortable: true,
  value: (row) => row.requested_by_name ?? '',
};

const statusFilter = (statuses: readonly string[]): ViewSetFilter => ({
  name: 'status',
  label: 'Status',
  choices: async () => [
    { value: '', label: 'Any status' },
    ...statuses.map((value) => ({ value, label: statusLabel(value) })),
  ],
});

const otherFilters: readonly ViewSetFilter[] = [
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
const filters: readonly ViewSetFilter[] = [statusFilter(WORKFLOW_STATUSES), ...otherFilters];
const taskFilters: readonly ViewSetFilter[] = [statusFilter(TASK_STATUSES), ...otherFilters];

/** Wagtail's workflow report: pages in moderation with their workflow, current task, status, submitter and since when. */
export const workflowReport = defineListViewSet<WorkflowReportRow>({
  ...reportBase('workflow'),
  names: { name: 'submission', plural: 'submissions' },
  heading: 'Workflows',
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
  search: { placeholder: 'Page title' },
  defaultOrder: '-created_at',
  store: { list: (db, query, viewer) => workflowSubmissions(db, query, pageScopeOf(viewer)) },
  title: (row) => row.page_title,
});

/** Wagtail's workflow tasks report: each task of each submission, when it started and ended. */
export const workflowTasksReport = defineListViewSet<WorkflowReportRow>({
  ...reportBase('workflow_tasks'),
  names: { name: 'task', plural: 'tasks' },
  heading: 'Workflow tasks',
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
  search: { placeholder: 'Page title' },
  defaultOrder: '-created_at',
  store: { list: (db, query, viewer) => workflowTaskStates(db, query, pageScopeOf(viewer)) },
  title: (row) => `${row.task_name} of ${row.page_title}`,
});
