import { sql, type AliasedRawBuilder } from 'kysely';
import { jsonb, type Db } from '../../db';
import { whereFilters, type PageListFilters } from './filters-repo';
import type { NewPage, Page, PageRevision, PageUpdate, RevisionSnapshot } from './table';

type InModerationColumn = () => AliasedRawBuilder<boolean, 'in_moderation'>;

/** Without a moderation feature no page is in moderation. */
let inModerationColumn: InModerationColumn = () => sql<boolean>`false`.as('in_moderation');

/**
 * The moderation feature provides the listing's "in moderation" status (a column over `pages`)
 * at the composition root, so the page tree reads it without importing moderation.
 */
export function provideInModerationColumn(column: InModerationColumn): void {
  inModerationColumn = column;
}

/** The "in moderation" column as provided (other listing queries over `pages`: the page search). */
export const inModerationSelection: InModerationColumn = () => inModerationColumn();

export function findPageById(db: Db, id: number): Promise<Page | undefined> {
  return db.selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A live, unexpired page at this URL path inside the subtree starting at `rootPath`. */
export function findLivePage(db: Db, urlPath: string, rootPath: string): Promise<Page | undefined> {
  return db
    .selectFrom('pages')
    .selectAll()
    .where('url_path', '=', urlPath)
    .where('path', 'like', `${rootPath}%`)
    .where('live', '=', true)
    .where('expired', '=', false)
    .executeTakeFirst();
}

/** The live page of a type within a subtree, first in tree order (e.g. the site's Error404 page). */
export function findLivePageOfType(db: Db, pageType: string, rootPath: string): Promise<Page | undefined> {
  return db
    .selectFrom('pages')
    .selectAll()
    .where('page_type', '=', pageType)
    .where('path', 'like', `${rootPath}%`)
    .where('live', '=', true)
    .where('expired', '=', false)
    .orderBy('path')
    .executeTakeFirst();
}

export function findTranslations(db: Db, translationKey: string): Promise<Array<Page & { language_code: string }>> {
  return db
    .selectFrom('pages')
    .innerJoin('locales', 'locales.id', 'pages.locale_id')
    .selectAll('pages')
    .select('locales.language_code')
    .where('pages.translation_key', '=', translationKey)
    .execute();
}

export function findRootPage(db: Db): Promise<Page | undefined> {
  return db.selectFrom('pages').selectAll().where('depth', '=', 1).orderBy('path').executeTakeFirst();
}

/** Locks the parent row so concurrent inserts under it get distinct paths. */
export function lockPage(db: Db, id: number): Promise<Page | undefined> {
  return db.selectFrom('pages').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function lastChildPath(db: Db, parent: Pick<Page, 'path' | 'depth'>): Promise<string | undefined> {
  const row = await db
    .selectFrom('pages')
    .select('path')
    .where('path', 'like', `${parent.path}%`)
    .where('depth', '=', parent.depth + 1)
    .orderBy('path', 'desc')
    .executeTakeFirst();
  return row?.path;
}

export function siblingSlugTaken(
  db: Db,
  parent: Pick<Page, 'path' | 'depth'>,
  slug: string,
  exceptId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('pages')
    .select('id')
    .where('path', 'like', `${parent.path}%`)
    .where('depth', '=', parent.depth + 1)
    .where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst().then(Boolean);
}

export async function insertPage(db: Db, page: Omit<NewPage, 'content'> & { content: unknown }): Promise<Page> {
  const inserted = await db
    .insertInto('pages')
    .values({ ...page, content: jsonb(page.content) })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .updateTable('pages')
    .set({ numchild: sql`numchild + 1` })
    .where('path', '=', page.path.slice(0, -4))
    .execute();
  return inserted;
}

export async function updatePage(
  db: Db,
  id: number,
  changes: Omit<PageUpdate, 'content'> & { content?: unknown },
): Promise<Page> {
  const { content, ...rest } = changes;
  return db
    .updateTable('pages')
    .set({ ...rest, ...(content === undefined ? {} : { content: jsonb(content) }), updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function insertRevision(
  db: Db,
  revision: { page_id: number; user_id: number | null; content: RevisionSnapshot },
): Promise<PageRevision> {
  return db
    .insertInto('page_revisions')
    .values({
      page_id: revision.page_id,
      user_id: revision.user_id,
      object_str: revision.content.title,
      content: jsonb(revision.content),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findRevision(db: Db, id: number): Promise<PageRevision | undefined> {
  return db.selectFrom('page_revisions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function countPages(db: Db): Promise<number> {
  return db
    .selectFrom('pages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

/** A page as the back office lists it: enough for title, type, status and last update. */
export type PageListing = Pick<
  Page,
  | 'id'
  | 'title'
  | 'page_type'
  | 'live'
  | 'expired'
  | 'has_unpublished_changes'
  | 'numchild'
  | 'updated_at'
  | 'url_path'
  | 'depth'
  | 'path'
  | 'owner_id'
> & { scheduled: boolean; in_moderation: boolean };

const listingColumns = [
  'pages.id',
  'pages.title',
  'pages.page_type',
  'pages.live',
  'pages.expired',
  'pages.has_unpublished_changes',
  'pages.numchild',
  'pages.updated_at',
  'pages.url_path',
  'pages.depth',
  // For the per-row permission checks of the explorer.
  'pages.path',
  'pages.owner_id',
] as const;

/** Whether one of the page's revisions waits for an approved go-live time (Wagtail's approved_schedule). */
function scheduledColumn() {
  return sql<boolean>`exists (select 1 from page_revisions r where r.page_id = pages.id and r.approved_go_live_at is not null)`.as(
    'scheduled',
  );
}

/** Every column of a PageListing, for other repos that list pages (the page search). */
export function listingSelection() {
  return [...listingColumns, scheduledColumn(), inModerationColumn()];
}

/** How the explorer orders children: tree (sibling) order, or a column; ties fall back to tree order. */
export type ChildOrder = { column: 'path' | 'title' | 'updated_at' | 'live'; desc: boolean };

/** One page of a parent's children, in sibling (path) order unless `order` says otherwise. */
export function listChildPages(
  db: Db,
  parent: Pick<Page, 'path' | 'depth'>,
  window: { limit: number; offset: number },
  onlyPaths?: string[],
  order: ChildOrder = { column: 'path', desc: false },
  filters?: PageListFilters,
): Promise<PageListing[]> {
  if (onlyPaths && onlyPaths.length === 0) return Promise.resolve([]);
  const direction = order.desc ? 'desc' : 'asc';
  const byColumn = order.column === 'path' ? undefined : (`pages.${order.column}` as const);
  // The window of ids first, then the per-row subqueries (scheduled, in moderation) for those
  // rows only: an offset deep into 5,000 children must not compute them for every skipped row.
  const windowIds = db
    .selectFrom('pages')
    .select('pages.id')
    .where('path', 'like', `${parent.path}%`)
    .where('depth', '=', parent.depth + 1)
    .$if(onlyPaths !== undefined, (qb) => qb.where('path', 'in', onlyPaths!))
    .$call((qb) => whereFilters(db, qb, filters, inModerationColumn))
    .$if(byColumn !== undefined, (qb) => qb.orderBy(byColumn!, direction))
    .orderBy('path', order.column === 'path' ? direction : 'asc')
    .limit(window.limit)
    .offset(window.offset);
  return db
    .selectFrom('pages')
    .select([...listingColumns, scheduledColumn(), inModerationColumn()])
    .where('pages.id', 'in', windowIds)
    .$if(byColumn !== undefined, (qb) => qb.orderBy(byColumn!, direction))
    .orderBy('pages.path', order.column === 'path' ? direction : 'asc')
    .execute();
}

/** `onlyPaths` narrows to those child paths (the explorer of a user with page permissions on part of the tree). */
export function countChildPages(
  db: Db,
  parent: Pick<Page, 'path' | 'depth'>,
  onlyPaths?: string[],
  filters?: PageListFilters,
): Promise<number> {
  if (onlyPaths && onlyPaths.length === 0) return Promise.resolve(0);
  return db
    .selectFrom('pages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('path', 'like', `${parent.path}%`)
    .where('depth', '=', parent.depth + 1)
    .$if(onlyPaths !== undefined, (qb) => qb.where('path', 'in', onlyPaths!))
    .$call((qb) => whereFilters(db, qb, filters, inModerationColumn))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

/** A page's children as the move screen lists them, in tree order, without the page being moved (one query). */
export function listMoveChoices(
  db: Db,
  parent: Pick<Page, 'path' | 'depth'>,
  excludeId: number,
  limit: number,
): Promise<Array<Pick<Page, 'id' | 'title' | 'page_type' | 'path' | 'numchild'>>> {
  return db
    .selectFrom('pages')
    .select(['id', 'title', 'page_type', 'path', 'numchild'])
    .where('path', 'like', `${parent.path}%`)
    .where('depth', '=', parent.depth + 1)
    .where('id', '!=', excludeId)
    .orderBy('path')
    .limit(limit)
    .execute();
}

/** Pages of some types in tree order (the copy screen's destinations: where the copied type may live), one query. */
export function listPagesOfTypes(
  db: Db,
  pageTypes: readonly string[],
  limit: number,
): Promise<Array<Pick<Page, 'id' | 'title' | 'depth'>>> {
  if (pageTypes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('pages')
    .select(['id', 'title', 'depth'])
    .where('page_type', 'in', [...pageTypes])
    .orderBy('path')
    .limit(limit)
    .execute();
}

/** The ancestors of a page, root first (their paths are prefixes of its path). */
export function findAncestors(
  db: Db,
  page: Pick<Page, 'path' | 'depth'>,
): Promise<Array<Pick<Page, 'id' | 'title' | 'depth'>>> {
  const prefixes = Array.from({ length: page.depth - 1 }, (_, i) => page.path.slice(0, (i + 1) * 4));
  if (!prefixes.length) return Promise.resolve([]);
  return db
    .selectFrom('pages')
    .select(['id', 'title', 'depth'])
    .where('path', 'in', prefixes)
    .orderBy('depth')
    .execute();
}

/** Pages a user owns, most recently updated first. */
export function listPagesOwnedBy(db: Db, userId: number, limit: number): Promise<PageListing[]> {
  return db
    .selectFrom('pages')
    .select([...listingColumns, scheduledColumn(), inModerationColumn()])
    .where('owner_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export type RecentEdit = { revision_id: number; page_id: number; title: string; created_at: Date };

/**
 * The pages a user saved most recently, one line per page with their latest save, newest first
 * (Wagtail's 'Your most recent edits'). Only the user's own edits: the dashboard never lists
 * pages outside the user's permissions.
 */
export function listRecentEditsBy(db: Db, userId: number, limit: number): Promise<RecentEdit[]> {
  return db
    .selectFrom('page_revisions')
    .innerJoin('pages', 'pages.id', 'page_revisions.page_id')
    .select((eb) => [
      eb.fn.max('page_revisions.id').as('revision_id'),
      'pages.id as page_id',
      'pages.title',
      eb.fn.max('page_revisions.created_at').as('created_at'),
    ])
    .where('page_revisions.user_id', '=', userId)
    .groupBy(['pages.id', 'pages.title'])
    .orderBy((eb) => eb.fn.max('page_revisions.created_at'), 'desc')
    .orderBy('pages.id', 'desc')
    .limit(limit)
    .execute();
}

/** Pages whose latest revision is the user's and not yet published: the user's drafts. */
export function listDraftsBy(db: Db, userId: number, limit: number): Promise<PageListing[]> {
  return db
    .selectFrom('pages')
    .innerJoin('page_revisions', 'page_revisions.id', 'pages.latest_revision_id')
    .select(listingSelection())
    .where('page_revisions.user_id', '=', userId)
    .where('pages.has_unpublished_changes', '=', true)
    .orderBy('page_revisions.created_at', 'desc')
    .orderBy('pages.id', 'desc')
    .limit(limit)
    .execute();
}

export function findPageByPath(db: Db, path: string): Promise<Page | undefined> {
  return db.selectFrom('pages').selectAll().where('path', '=', path).executeTakeFirst();
}

/** Moves a subtree's URLs from one prefix to another (a slug change of its top page). */
export async function rewriteSubtreeUrlPaths(
  db: Db,
  treePath: string,
  oldUrlPath: string,
  newUrlPath: string,
): Promise<void> {
  await db
    .updateTable('pages')
    .set({ url_path: sql<string>`${newUrlPath} || substr(url_path, ${oldUrlPath.length + 1})` })
    .where('path', 'like', `${treePath}%`)
    .execute();
}

/** Whether a revision of the page waits for an approved go-live time. */
export function hasApprovedSchedule(db: Db, pageId: number): Promise<boolean> {
  return db
    .selectFrom('page_revisions')
    .select('id')
    .where('page_id', '=', pageId)
    .where('approved_go_live_at', 'is not', null)
    .executeTakeFirst()
    .then(Boolean);
}

/** The pages with these ids (in tree order) and whether each is in moderation (bulk actions). */
export function listPagesByIds(db: Db, ids: readonly number[]): Promise<Array<Page & { in_moderation: boolean }>> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('pages')
    .selectAll('pages')
    .select(inModerationColumn())
    .where('pages.id', 'in', ids)
    .orderBy('pages.path')
    .execute();
}
