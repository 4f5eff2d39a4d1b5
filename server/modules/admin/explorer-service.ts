import type { Db } from '../../db';
import { notFound } from '../../errors';
import { EXPLORER_PAGE_SIZE } from '../../../shared/schemas/admin';
import { pageTypeOf } from '../pages/page-types';
import * as pagesRepo from '../pages/repo';
import { pageStatus, type PageStatus } from '../pages/status';
import { forbidden, type UserPagePermissions } from '../permissions/policy';
import { privatePathTester } from '../privacy/service';
import { dashboardPanels, type DashboardPanels } from './dashboard-panels';
import type { ExplorerOrdering } from '../../../shared/schemas/explorer';
import type { ChildOrder } from '../pages/repo';
import { canReorderChildren } from '../pages/reorder-service';

export type ExplorerRow = {
  id: number;
  title: string;
  typeLabel: string;
  status: PageStatus;
  updatedAt: string;
  childCount: number;
  /** Whether the user may open the editor (else the row only leads to its children). */
  canEdit: boolean;
  /** Restricted on the public side, itself or by an ancestor (the explorer's "Private" marker). */
  isPrivate?: boolean;
};

export type ExplorerView = {
  page: { id: number; title: string; isRoot: boolean; canEdit: boolean };
  breadcrumbs: Array<{ id: number; title: string }>;
  rows: ExplorerRow[];
  pagination: { page: number; pageCount: number; total: number };
  /** The column order asked for (none: tree order). */
  ordering?: ExplorerOrdering;
  /** Whether the user may reorder these children (Wagtail: 'publish' on the parent). */
  canReorder: boolean;
  /** The 0-based position among all siblings of the first row shown (for the move controls). */
  offset: number;
  /** A message from the previous action (post/redirect/get). */
  message?: string;
  /** The page just moved and the control used, which gets the focus back (no-JS reorder). */
  moved?: { id: number; direction: 'up' | 'down' };
};

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

/** The explorer of one page: its ancestors and one window of its children. Without an id, the tree root. */
export async function explorePage(
  db: Db,
  pageId: number | undefined,
  requestedPage: number,
  permissions: UserPagePermissions,
  ordering?: ExplorerOrdering,
): Promise<ExplorerView> {
  const page = pageId === undefined ? await pagesRepo.findRootPage(db) : await pagesRepo.findPageById(db, pageId);
  if (!page) throw notFound('The page does not exist.');
  // Only pages the user may act on, and their ancestors, are shown (Wagtail's explorable pages).
  if (!permissions.can('view', page)) throw forbidden('You do not have permission to explore this page.');
  const onlyPaths = permissions.visibleChildPaths(page);
  const total = await pagesRepo.countChildPages(db, page, onlyPaths);
  const pageCount = Math.max(1, Math.ceil(total / EXPLORER_PAGE_SIZE));
  // Past the end shows the last page, as Django's Paginator.get_page does.
  const current = Math.min(requestedPage, pageCount);
  // Sequential on purpose: PGlite has a single connection.
  const ancestors = await pagesRepo.findAncestors(db, page);
  const offset = (current - 1) * EXPLORER_PAGE_SIZE;
  const isPrivate = await privatePathTester(db);
  const children = await pagesRepo.listChildPages(db, page, { limit: EXPLORER_PAGE_SIZE, offset }, onlyPaths, ORDER_OF[ordering ?? 'ord']);
  return {
    page: { id: page.id, title: page.title, isRoot: page.depth === 1, canEdit: permissions.can('change', page) },
    breadcrumbs: ancestors.map((a) => ({ id: a.id, title: a.title })),
    rows: children.map((child) => ({ ...toExplorerRow(child, permissions.can('change', child)), isPrivate: isPrivate(child.path) })),
    pagination: { page: current, pageCount, total },
    ordering,
    canReorder: canReorderChildren(permissions, page),
    offset,
  };
}

export type DashboardView = DashboardPanels & {
  /** The user's own latest saves, one per page. */
  recentEdits: Array<{ revisionId: number; pageId: number; title: string; at: string }>;
  /** Pages whose unpublished latest revision is the user's. */
  yourDrafts: ExplorerRow[];
  yourPages: ExplorerRow[];
  /** A message from the previous action (an approval from the dashboard). */
  message?: string;
};

const DASHBOARD_LIMIT = 10;

export async function dashboard(db: Db, userId: number, permissions: UserPagePermissions): Promise<DashboardView> {
  const edits = await pagesRepo.listRecentEditsBy(db, userId, DASHBOARD_LIMIT);
  const drafts = await pagesRepo.listDraftsBy(db, userId, DASHBOARD_LIMIT);
  const owned = await pagesRepo.listPagesOwnedBy(db, userId, DASHBOARD_LIMIT);
  return {
    ...(await dashboardPanels(db, userId, permissions)),
    recentEdits: edits.map((e) => ({ revisionId: e.revision_id, pageId: e.page_id, title: e.title, at: new Date(e.created_at).toISOString() })),
    yourDrafts: drafts.map((row) => toExplorerRow(row, permissions.can('change', row))),
    // Pages you own: editable unless your rights were taken away since (then the editor says so).
    yourPages: owned.map((row) => toExplorerRow(row, true)),
  };
}
