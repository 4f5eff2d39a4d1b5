import {
  agingPages,
  pageTypeChoices,
  pageTypeUsage,
  type AgingPageRow,
  type PageTypeUsageRow,
} from '../../reports/service';
import { listUrlOf } from '../viewsets/definition';
import { defineListViewSet } from '../viewsets/list-only';
import { reportBase, reportTime } from './definition';
import { pageScopeOf } from './scope';

const typeLabel = new Map(pageTypeChoices().map((choice) => [choice.value, choice.label]));

/** Wagtail's aging pages report: pages not edited since a chosen date, with last editor and last publish. */
export const agingPagesReport = defineListViewSet<AgingPageRow>({
  ...reportBase('aging-pages'),
  names: { name: 'page', plural: 'pages' },
  heading: 'Aging pages',
  intro: 'Pages by the date of their last edit, oldest first: choose a date to see those not edited since.',
  columns: [
    {
      name: 'title',
      label: 'Title',
      sortable: true,
      value: (row) => row.title,
      linkTo: (row, viewer) => (viewer.pages.can('change', row) ? `/wagtail/pages/${row.id}/edit/` : undefined),
    },
    { name: 'page_type', label: 'Type', sortable: true, value: (row) => typeLabel.get(row.page_type) ?? row.page_type },
    { name: 'status', label: 'Live', value: (row) => (row.live ? 'Live' : 'Draft') },
    { name: 'last_edited_at', label: 'Last edited', sortable: true, value: (row) => reportTime(row.last_edited_at) },
    { name: 'last_edited_by', label: 'Last editor', value: (row) => row.last_edited_by ?? '' },
    {
      name: 'last_published_at',
      label: 'Last published',
      sortable: true,
      value: (row) => reportTime(row.last_published_at),
    },
    { name: 'last_published_by', label: 'Last published by', value: (row) => row.last_published_by ?? '' },
  ],
  filters: [
    { name: 'edited_before', label: 'Not edited since', type: 'date' },
    {
      name: 'page_type',
      label: 'Page type',
      choices: async () => [{ value: '', label: 'Any type' }, ...pageTypeChoices()],
    },
  ],
  search: { placeholder: 'Title' },
  defaultOrder: 'last_edited_at',
  store: { list: (db, query, viewer) => agingPages(db, query, pageScopeOf(viewer)) },
  title: (row) => row.title,
});

/** Wagtail's page types usage report: each page type, how many pages use it, and a link to them. */
export const pageTypesUsageReport = defineListViewSet<PageTypeUsageRow>({
  ...reportBase('page-types-usage'),
  names: { name: 'page type', plural: 'page types' },
  heading: 'Page types usage',
  intro: 'Each page type and how many of the pages you can see use it; the count lists them.',
  columns: [
    { name: 'label', label: 'Page type', sortable: true, value: (row) => row.label },
    {
      name: 'count',
      label: 'Pages',
      sortable: true,
      value: (row) => String(row.count),
      // The aging-pages list filtered by type: every page of the type the viewer may see, with its last edit.
      linkTo: (row) =>
        row.count > 0 ? `${listUrlOf(agingPagesReport)}?page_type=${encodeURIComponent(row.type)}` : undefined,
    },
  ],
  search: { placeholder: 'Page type' },
  defaultOrder: 'label',
  store: { list: (db, query, viewer) => pageTypeUsage(db, query, pageScopeOf(viewer)) },
  title: (row) => row.label,
});
