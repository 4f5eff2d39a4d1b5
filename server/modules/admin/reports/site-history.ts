import { describeLogEntry } from '../../audit/describe';
import { describeModelLogEntry } from '../../audit/model-log';
import { MODEL_LOG_ACTIONS, PAGE_LOG_ACTIONS, type ModelLogAction, type PageLogAction } from '../../audit/table';
import { PAGE_OBJECT_TYPE, siteHistory, usersByName, type HistoryRow } from '../../reports/service';
import { LOGGED_MODELS } from '../areas';
import type { ListViewer } from '../viewsets/list-types';
import { defineListViewSet } from '../viewsets/list-only';
import { reportBase, reportTime } from './definition';
import { pageScopeOf } from './scope';

const ACTIONS = [...new Set<string>([...PAGE_LOG_ACTIONS, ...MODEL_LOG_ACTIONS])].sort();
const typeLabel = (objectType: string) =>
  objectType === PAGE_OBJECT_TYPE ? 'Page' : (LOGGED_MODELS.find((m) => m.model === objectType)?.label ?? objectType);

/** The models whose history this viewer may read: those they hold any permission on (all: null). */
const visibleModels = (viewer: ListViewer) =>
  viewer.models.isSuperuser ? null : LOGGED_MODELS.map((m) => m.model).filter((model) => viewer.models.canAny(model));

function describe(row: HistoryRow): string {
  const data = row.data ?? {};
  if (row.object_type === PAGE_OBJECT_TYPE) return describeLogEntry({ action: row.action as PageLogAction, data });
  return describeModelLogEntry({ action: row.action as ModelLogAction, data });
}

/** Wagtail's site history: the whole audit log the viewer may see, filterable by user, action, object type and dates. */
export const siteHistoryReport = defineListViewSet<HistoryRow>({
  ...reportBase('site-history'),
  names: { name: 'entry', plural: 'entries' },
  heading: 'Site history',
  intro: 'Every recorded action on pages and other content that you have access to, newest first.',
  columns: [
    {
      name: 'object',
      label: 'Object',
      sortable: true,
      value: (row) => row.object_label,
      linkTo: (row) => (row.object_type === PAGE_OBJECT_TYPE ? `/wagtail/pages/${row.object_id}/history/` : undefined),
    },
    { name: 'object_type', label: 'Type', value: (row) => typeLabel(row.object_type) },
    { name: 'action', label: 'Action', sortable: true, value: describe },
    { name: 'user', label: 'User', sortable: true, value: (row) => row.user_name ?? 'System' },
    { name: 'created_at', label: 'Date', sortable: true, value: (row) => reportTime(row.created_at) },
  ],
  filters: [
    {
      name: 'user',
      label: 'User',
      choices: async (db) => [
        { value: '', label: 'Anyone' },
        ...(await usersByName(db)).map((user) => ({ value: String(user.id), label: user.name ?? `User ${user.id}` })),
      ],
    },
    {
      name: 'action',
      label: 'Action',
      choices: async () => [
        { value: '', label: 'Any action' },
        ...ACTIONS.map((action) => ({ value: action, label: action })),
      ],
    },
    {
      name: 'object_type',
      label: 'Object type',
      choices: async () => [
        { value: '', label: 'Any type' },
        { value: PAGE_OBJECT_TYPE, label: 'Page' },
        ...LOGGED_MODELS.map((m) => ({ value: m.model, label: m.label })),
      ],
    },
    { name: 'date_from', label: 'From', type: 'date' },
    { name: 'date_to', label: 'To', type: 'date' },
  ],
  search: { placeholder: 'Object' },
  defaultOrder: '-created_at',
  store: {
    list: (db, query, viewer) => siteHistory(db, query, { ...pageScopeOf(viewer), models: visibleModels(viewer) }),
  },
  title: (row) => row.object_label,
});
