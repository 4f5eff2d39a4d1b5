import type { Db } from '../../../db';
import type { AdminSearchGroup, AdminSearchView } from '../../../../shared/admin/search';
import { ADMIN_SEARCH_GROUP_SIZE } from '../../../../shared/schemas/admin-search';
import type { UserPagePermissions } from '../../permissions/policy';
import type { ListViewer } from '../viewsets/list-types';
import { searchAdminPages } from '../../pages/search-service';
import { documentsViewSet } from '../documents/viewset';
import { imagesViewSet } from '../images/viewset';
import { usersViewSet } from '../settings/users';
import { SNIPPET_VIEWSETS } from '../snippets/registry';
import { videosViewSet } from '../videos/viewset';
import { listUrlOf, urlOf, type AnyViewSet, type ViewSetRow } from '../viewsets/definition';
import { mayDo } from '../viewsets/permission-policy';

/**
 * The kinds searched after pages, in Wagtail's order (its search area hooks: images, documents,
 * snippets, users; videos beside the other media). Each is a viewset, so its own listing's search
 * (the store's `q`) finds the matches and its declaration says who may list them.
 */
const SEARCHED: ReadonlyArray<{ viewSet: AnyViewSet; category?: string }> = [
  { viewSet: imagesViewSet },
  { viewSet: documentsViewSet },
  { viewSet: videosViewSet },
  ...SNIPPET_VIEWSETS.map((viewSet) => ({ viewSet, category: 'Snippets' })),
  { viewSet: usersViewSet },
];

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const withQuery = (href: string, query: string) => `${href}?${new URLSearchParams({ q: query })}`;

/** Pages: the page search itself (full text in the page's language), inside the viewer's subtrees. */
async function pageGroup(db: Db, query: string, permissions: UserPagePermissions): Promise<AdminSearchGroup> {
  const view = await searchAdminPages(db, query, 1, permissions);
  return {
    key: 'pages',
    label: 'Pages',
    total: view.pagination.total,
    items: view.rows.slice(0, ADMIN_SEARCH_GROUP_SIZE).map((row) => ({
      title: row.title,
      href: row.canEdit ? `/wagtail/pages/${row.id}/edit/` : `/wagtail/pages/${row.id}/`,
      // The site and language tell apart two pages of the same name (the US and Canada "Press").
      detail: [
        row.parent && !row.parent.isRoot ? `In ${row.parent.title}` : null,
        row.place ? `${row.place.site} · ${row.place.locale}` : null,
        row.typeLabel,
        row.status,
      ]
        .filter(Boolean)
        .join(' · '),
    })),
    seeAllHref: withQuery('/wagtail/pages/search/', query),
  };
}

/** One viewset's first matches through its store, as its list would order them. */
async function viewSetGroup(
  db: Db,
  viewSet: AnyViewSet,
  query: string,
  viewer: ListViewer,
  category: string | undefined,
): Promise<AdminSearchGroup> {
  const permissions = viewer.models;
  const column = viewSet.defaultOrder.replace(/^-/, '');
  const { rows, total } = await viewSet.store.list(
    db,
    {
      q: query,
      filters: {},
      order: { column, desc: viewSet.defaultOrder.startsWith('-') },
      limit: ADMIN_SEARCH_GROUP_SIZE,
      offset: 0,
    },
    viewer,
  );
  const canEdit = mayDo(permissions, viewSet, 'edit');
  // The first columns besides the title say what the row is (size and upload time, e-mail...).
  const details = viewSet.columns.filter((c) => !c.linksToEdit).slice(0, 2);
  return {
    key: viewSet.base,
    label: capitalised(viewSet.names.plural),
    ...(category ? { category } : {}),
    total,
    items: (rows as ViewSetRow[]).map((row) => ({
      title: viewSet.title(row),
      ...(canEdit ? { href: urlOf(viewSet, 'edit', row.id) } : {}),
      detail: details
        .map((c) => c.value(row))
        .filter(Boolean)
        .join(' · '),
    })),
    seeAllHref: withQuery(listUrlOf(viewSet), query),
  };
}

/**
 * Wagtail's admin search (/admin/search/?q=): the query run over every kind the viewer may list,
 * each kind limited to what they may see (pages inside their subtrees, media and snippets with a
 * model permission, users for superusers only), a few matches each and how many there are.
 * Sequential on purpose: PGlite has a single connection.
 */
export async function searchAdmin(db: Db, query: string, viewer: ListViewer): Promise<AdminSearchView> {
  const permissions = viewer;
  const groups = [await pageGroup(db, query, permissions.pages)];
  for (const { viewSet, category } of SEARCHED) {
    if (!viewSet.search || !mayDo(permissions.models, viewSet, 'list')) continue;
    groups.push(await viewSetGroup(db, viewSet, query, viewer, category));
  }
  return { query, groups };
}
