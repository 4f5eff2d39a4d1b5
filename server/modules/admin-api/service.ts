import type { Db } from '../../db';
import { badRequest, HttpError, notFound } from '../../errors';
import type { ApiListQuery } from '../../../shared/schemas/admin-api';
import { pageTypeOf } from '../pages/page-types';
import * as pagesRepo from '../pages/repo';
import { pageStatus } from '../pages/status';
import { splitLocalePrefix, urlPathFor, type SiteTree } from '../pages/site-tree';
import { forbidden, type UserPagePermissions } from '../permissions/policy';
import { htmlUrls } from '../pages/html-url';
import { pagePlaceFinder } from '../pages/page-places';
import type { PagePlace } from '../../../shared/admin/page-row';
import * as repo from './repo';

const API_BASE = '/wagtail/api/main/pages';

/** One page as the admin API lists it (Wagtail's admin API field names). */
export function apiItem(row: repo.ApiPageRow, htmlUrl: string | null = null, place: PagePlace | null = null) {
  return {
    id: row.id,
    meta: {
      type: row.page_type,
      type_label: pageTypeOf(row.page_type)?.label ?? row.page_type,
      detail_url: `${API_BASE}/${row.id}/`,
      html_url: htmlUrl,
      // Site and language when the tree has several: two "Press" pages told apart in the chooser.
      place,
      slug: row.slug,
      first_published_at: row.first_published_at ? new Date(row.first_published_at).toISOString() : null,
      last_published_at: row.last_published_at ? new Date(row.last_published_at).toISOString() : null,
      status: { status: pageStatus(row), live: row.live, has_unpublished_changes: row.has_unpublished_changes },
      children: { count: row.numchild, listing_url: `${API_BASE}/?child_of=${row.id}` },
      latest_revision_created_at: new Date(row.updated_at).toISOString(),
    },
    title: row.title,
    admin_display_title: row.title,
  };
}

const ORDER_COLUMNS = {
  id: 'id',
  title: 'title',
  path: 'path',
  updated_at: 'updated_at',
  first_published_at: 'first_published_at',
} as const;

/** The listing: only pages the user may see in the explorer, filtered and ordered as asked. */
export async function listPages(db: Db, permissions: UserPagePermissions, query: ApiListQuery, current: SiteTree) {
  const filter: repo.ApiPageFilter = {
    visibleRoots: permissions.explorablePaths(),
    type: query.type,
    search: query.search || undefined,
  };
  const anchorOf = async (ref: 'root' | number, name: 'child_of' | 'descendant_of') => {
    const page = ref === 'root' ? await pagesRepo.findRootPage(db) : await pagesRepo.findPageById(db, ref);
    if (!page) throw badRequest(`${name}: the page does not exist.`, { [name]: ['The page does not exist.'] });
    return page;
  };
  if (query.child_of !== undefined) filter.childOf = await anchorOf(query.child_of, 'child_of');
  if (query.descendant_of !== undefined) filter.descendantOf = await anchorOf(query.descendant_of, 'descendant_of');
  if (query.type && !pageTypeOf(query.type))
    throw badRequest('type: the page type does not exist.', { type: ['The page type does not exist.'] });
  const orderName = query.order ?? (query.child_of !== undefined ? 'path' : 'id');
  const desc = orderName.startsWith('-');
  const column = ORDER_COLUMNS[orderName.replace(/^-/, '') as keyof typeof ORDER_COLUMNS];
  const total = await repo.countApiPages(db, filter);
  const rows = await repo.listApiPages(db, filter, { column, desc }, { limit: query.limit, offset: query.offset });
  const urls = await htmlUrls(db, rows, current);
  const places = await pagePlaceFinder(db);
  const placeOf = (row: repo.ApiPageRow) => (places.ambiguous ? places.of(row).place : null);
  return {
    meta: { total_count: total },
    items: rows.map((row) => apiItem(row, urls.get(row.id) ?? null, placeOf(row))),
  };
}

/** A page the user may see, or 404/403. */
export async function visiblePage(db: Db, permissions: UserPagePermissions, id: number): Promise<repo.ApiPageRow> {
  const row = await repo.findApiPage(db, id);
  if (!row || row.depth <= 1) throw notFound('The page does not exist.');
  if (!permissions.can('view', row)) throw forbidden('You do not have permission to see this page.');
  return row;
}

/** The detail: the listing fields plus the parent, the page's own fields and its latest draft content. */
export async function pageDetail(db: Db, permissions: UserPagePermissions, id: number, current: SiteTree) {
  const row = await visiblePage(db, permissions, id);
  const page = (await pagesRepo.findPageById(db, id))!;
  const parent = await repo.findParent(db, row.path);
  const item = apiItem(row, (await htmlUrls(db, [row], current)).get(row.id) ?? null);
  return {
    ...item,
    meta: {
      ...item.meta,
      parent: parent ? { id: parent.id, title: parent.title, detail_url: `${API_BASE}/${parent.id}/` } : null,
      url_path: row.url_path,
    },
    seo_title: page.seo_title,
    search_description: page.search_description,
    go_live_at: page.go_live_at ? new Date(page.go_live_at).toISOString() : null,
    expire_at: page.expire_at ? new Date(page.expire_at).toISOString() : null,
    content: page.content,
  };
}

/** The page a public path on the requesting site leads to (live or not), for find/?html_path=. */
export async function findByHtmlPath(db: Db, tree: SiteTree, htmlPath: string): Promise<number> {
  if (!tree.roots.length) throw notFound('The page does not exist.');
  const { root, rest } = splitLocalePrefix(tree, htmlPath.split('?')[0]!);
  const found = await repo.findPageIdByUrlPath(db, urlPathFor(root, rest), root.page.path);
  if (!found) throw notFound('The page does not exist.');
  return found.id;
}

export function unknownAction(): HttpError {
  return notFound('This action does not exist.');
}
