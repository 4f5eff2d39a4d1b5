import type { Db } from '../../db';
import { notFound } from '../../errors';
import type { ExplorerRow, ExplorerView } from '../../../shared/admin/explorer';
import { EXPLORER_PAGE_SIZE } from '../../../shared/schemas/admin';
import type { ExplorerOrdering } from '../../../shared/schemas/explorer';
import { BULK_ACTIONS, type BulkActionName } from '../../../shared/schemas/page-bulk';
import { forbidden, type UserPagePermissions } from '../permissions/policy';
import { privatePathTester } from './private-paths';
import { pagePlaceFinder, type PlaceFinder } from './page-places';
import { pageTypeOf } from './page-types';
import { pageRowActions } from './row-actions';
import * as pagesRepo from './repo';
import type { ChildOrder } from './repo';
import { canReorderChildren } from './reorder-service';
import { pageStatus } from './status';
import { hasPageFilters, type PageListFilters } from './filters-repo';
import { STEP_LENGTH } from '../../tree-path';

const ORDER_OF: Record<ExplorerOrdering, ChildOrder> = {
  ord: { column: 'path', desc: false },
  title: { column: 'title', desc: false },
  '-title': { column: 'title', desc: true },
  latest_revision_created_at: { column: 'updated_at', desc: false },
  '-latest_revision_created_at': { column: 'updated_at', desc: true },
  // Wagtail sorts the status column by `live`: drafts first.
  status: { column: 'live', desc: false },
  '-status': { column: 'live', desc: true },
};

/** A listed page as the explorer, the page search and the dashboard show it. */
export function toExplorerRow(row: pagesRepo.PageListing, canEdit: boolean): ExplorerRow {
  return {
    id: row.id,
    title: row.title,
    typeLabel: pageTypeOf(row.page_type)?.label ?? row.page_type,
    status: pageStatus(row),
    updatedAt: new Date(row.updated_at).toISOString(),
    childCount: row.numchild,
    canEdit,
  };
}

/** A listed page with its row menu, its site and locale tag and its public URL (explorer, search, chooser). */
export function withRowExtras(
  row: pagesRepo.PageListing,
  permissions: UserPagePermissions,
  places: PlaceFinder,
): ExplorerRow {
  const { place, publicUrl } = places.of(row);
  const live = row.live ? publicUrl : null;
  return {
    ...toExplorerRow(row, permissions.can('change', row)),
    actions: pageRowActions(permissions, row, { publicUrl: live, multilingual: places.multilingual }),
    place: places.ambiguous ? place : null,
    publicUrl: live,
  };
}

/**
 * Where a user's explorer opens: the nearest page above (or at) every page they hold a grant on,
 * so an editor of one site section starts there instead of clicking down from the root (Wagtail's
 * explorable root page). Null: the tree root (superusers, grants in several sites, or none).
 */
export function explorerStartPath(grantPaths: readonly string[] | null): string | null {
  if (!grantPaths?.length) return null;
  let common = grantPaths[0]!;
  for (const path of grantPaths.slice(1)) {
    let length = 0;
    while (length < common.length && length < path.length && common[length] === path[length]) length++;
    common = common.slice(0, length);
  }
  // Whole tree steps only: a shared prefix inside a step names no page.
  common = common.slice(0, common.length - (common.length % STEP_LENGTH));
  return common.length > STEP_LENGTH ? common : null;
}

/** Wagtail's page explorer: a page's ancestors and one window of its children. Without an id, where the user's grants start. */
export async function explorePage(
  db: Db,
  pageId: number | undefined,
  requestedPage: number,
  permissions: UserPagePermissions,
  ordering?: ExplorerOrdering,
  filters?: PageListFilters,
): Promise<Omit<ExplorerView, 'filters' | 'selfHref'>> {
  const start = pageId === undefined ? explorerStartPath(permissions.explorablePaths()) : null;
  const page =
    pageId !== undefined
      ? await pagesRepo.findPageById(db, pageId)
      : ((start ? await pagesRepo.findPageByPath(db, start) : undefined) ?? (await pagesRepo.findRootPage(db)));
  if (!page) throw notFound('The page does not exist.');
  // Only pages the user may act on, and their ancestors, are shown (Wagtail's explorable pages).
  if (!permissions.can('view', page)) throw forbidden('You do not have permission to explore this page.');
  const onlyPaths = permissions.visibleChildPaths(page);
  const total = await pagesRepo.countChildPages(db, page, onlyPaths, filters);
  const pageCount = Math.max(1, Math.ceil(total / EXPLORER_PAGE_SIZE));
  // Past the end shows the last page, as Django's Paginator.get_page does.
  const current = Math.min(requestedPage, pageCount);
  // Sequential on purpose: PGlite has a single connection.
  const ancestors = await pagesRepo.findAncestors(db, page);
  const offset = (current - 1) * EXPLORER_PAGE_SIZE;
  const isPrivate = await privatePathTester(db);
  const children = await pagesRepo.listChildPages(
    db,
    page,
    { limit: EXPLORER_PAGE_SIZE, offset },
    onlyPaths,
    ORDER_OF[ordering ?? 'ord'],
    filters,
  );
  const places = await pagePlaceFinder(db);
  return {
    page: { id: page.id, title: page.title, isRoot: page.depth === 1, canEdit: permissions.can('change', page) },
    breadcrumbs: ancestors.map((a) => ({ id: a.id, title: a.title })),
    rows: children.map((child) => ({
      ...withRowExtras(child, permissions, places),
      isPrivate: isPrivate(child.path),
    })),
    pagination: { page: current, pageCount, total },
    ordering,
    // Reordering a filtered subset would move pages relative to hidden siblings.
    canReorder: canReorderChildren(permissions, page) && !hasPageFilters(filters),
    offset,
    bulkActions: bulkActionsFor(permissions, children),
  };
}

/** The bulk actions offered on a listing: those the user may do on at least one of its rows. */
export function bulkActionsFor(permissions: UserPagePermissions, rows: pagesRepo.PageListing[]): BulkActionName[] {
  return BULK_ACTIONS.filter((action) =>
    rows.some((row) => permissions.can(action, row) && (action !== 'unpublish' || row.live)),
  );
}
