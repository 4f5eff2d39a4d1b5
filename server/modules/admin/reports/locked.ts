import { lockedPages, lockHolders, type LockedPageRow } from '../../reports/service';
import type { ListViewer } from '../viewsets/list-types';
import { defineListViewSet } from '../viewsets/list-only';
import { reportBase, reportTime } from './definition';
import { pageScopeOf } from './scope';

const editHref = (row: LockedPageRow, viewer: ListViewer) =>
  viewer.pages.can('change', row) ? `/wagtail/pages/${row.id}/edit/` : undefined;

/** Wagtail's locked pages report: who locked what and when; Unlock posts to the page's unlock action. */
export const lockedPagesReport = defineListViewSet<LockedPageRow>({
  ...reportBase('locked'),
  names: { name: 'locked page', plural: 'locked pages' },
  heading: 'Locked pages',
  intro: 'Pages that someone has locked: only the holder of the lock may save or publish them.',
  columns: [
    { name: 'title', label: 'Title', sortable: true, value: (row) => row.title, linkTo: editHref },
    { name: 'url', label: 'URL path', value: (row) => row.url_path },
    { name: 'locked_by', label: 'Locked by', sortable: true, value: (row) => row.locked_by_name ?? '' },
    { name: 'locked_at', label: 'Locked at', sortable: true, value: (row) => reportTime(row.locked_at) },
  ],
  filters: [
    {
      name: 'locked_by',
      label: 'Locked by',
      choices: async (db) => [
        { value: '', label: 'Anyone' },
        ...(await lockHolders(db)).map((user) => ({ value: String(user.id), label: user.name ?? `User ${user.id}` })),
      ],
    },
  ],
  search: { placeholder: 'Title' },
  defaultOrder: '-locked_at',
  store: { list: (db, query, viewer) => lockedPages(db, query, pageScopeOf(viewer)) },
  title: (row) => row.title,
  // The existing unlock route checks 'unlock' again and comes back here (its `next`).
  rowActions: (row, viewer, returnTo) =>
    viewer.pages.can('unlock', row)
      ? [
          {
            label: 'Unlock',
            action: `/wagtail/pages/${row.id}/unlock/`,
            fields: { next: returnTo },
            ariaLabel: `Unlock ${row.title}`,
          },
        ]
      : [],
});
