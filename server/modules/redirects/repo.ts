import { sql } from 'kysely';
import { jsonb, type Db } from '../../db';
import type { ListQuery } from '../../listing/list-query';
import { pageOfRows } from '../../listing/rows-repo';
import type { Redirect } from './table';

/** A redirect with what the list shows: its site's host and its page's title. */
export type RedirectListing = Redirect & {
  site_hostname: string | null;
  page_title: string | null;
  page_url_path: string | null;
};

export type RedirectValues = {
  old_path: string;
  site_id: number | null;
  redirect_page_id: number | null;
  redirect_link: string | null;
  target_path: string | null;
  is_permanent: boolean;
  match_query_string: boolean;
  automatically_created?: boolean;
};

const listing = (db: Db) =>
  db
    .selectFrom('redirects as r')
    .leftJoin('sites as s', 's.id', 'r.site_id')
    .leftJoin('pages as p', 'p.id', 'r.redirect_page_id')
    .selectAll('r')
    .select(['s.hostname as site_hostname', 'p.title as page_title', 'p.url_path as page_url_path']);

export function listRedirects(db: Db, query: ListQuery): Promise<{ rows: RedirectListing[]; total: number }> {
  let base = listing(db);
  const site = query.filters.site;
  if (site === 'all') base = base.where('r.site_id', 'is', null);
  else if (site) base = base.where('r.site_id', '=', Number(site));
  const type = query.filters.is_permanent;
  if (type) base = base.where('r.is_permanent', '=', type === 'permanent');
  const origin = query.filters.origin;
  if (origin) base = base.where('r.automatically_created', '=', origin === 'automatic');
  return pageOfRows(base, query, {
    search: ['r.old_path', 'r.redirect_link', 'p.title'],
    sort: {
      old_path: 'r.old_path',
      site: 's.hostname',
      target: 'p.title',
      is_permanent: 'r.is_permanent',
      updated_at: 'r.updated_at',
    },
    id: 'r.id',
  });
}

export function findRedirect(
  db: Db,
  id: number,
  options: { lock?: boolean } = {},
): Promise<RedirectListing | undefined> {
  const query = listing(db).where('r.id', '=', id);
  return (options.lock ? query.forUpdate('r') : query).executeTakeFirst();
}

export function insertRedirectRow(db: Db, values: RedirectValues): Promise<Redirect> {
  return db.insertInto('redirects').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateRedirectRow(db: Db, id: number, values: RedirectValues): Promise<Redirect> {
  return db
    .updateTable('redirects')
    .set({ ...values, version: sql`version + 1`, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteRedirectRows(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('redirects').where('id', 'in', ids).execute();
}

/** Redirects on a path in a scope that overlaps `siteId` (the same site, all sites, or any site when NULL). */
export function findByOldPath(db: Db, oldPath: string, siteId: number | null): Promise<Redirect[]> {
  let query = db.selectFrom('redirects').selectAll().where('old_path', '=', oldPath);
  if (siteId !== null) query = query.where((eb) => eb.or([eb('site_id', '=', siteId), eb('site_id', 'is', null)]));
  return query.orderBy('id').execute();
}

/** Redirects whose link points at `path` on our sites, in an overlapping scope (incoming chains). */
export function findByTargetPath(db: Db, path: string, siteId: number | null): Promise<Redirect[]> {
  let query = db.selectFrom('redirects').selectAll().where('target_path', '=', path);
  if (siteId !== null) query = query.where((eb) => eb.or([eb('site_id', '=', siteId), eb('site_id', 'is', null)]));
  return query.orderBy('id').execute();
}

/** The exact (site, old path) row, for the unique key. */
export function findExact(db: Db, oldPath: string, siteId: number | null): Promise<Redirect | undefined> {
  return db
    .selectFrom('redirects')
    .selectAll()
    .where(sql`coalesce(site_id, 0)`, '=', siteId ?? 0)
    .where('old_path', '=', oldPath)
    .executeTakeFirst();
}

/**
 * The public 404 path's lookup: one statement on the unique (coalesce(site_id, 0), old_path)
 * index. The most specific key (with the query string) wins, then this site's row over an
 * all-sites row.
 */
export function lookupRedirect(
  db: Db,
  siteId: number,
  keys: string[],
): Promise<(Redirect & { page_url_path: string | null; page_live: boolean | null }) | undefined> {
  return db
    .selectFrom('redirects as r')
    .leftJoin('pages as p', 'p.id', 'r.redirect_page_id')
    .selectAll('r')
    .select(['p.url_path as page_url_path', sql<boolean | null>`(p.live and not p.expired)`.as('page_live')])
    .where(sql`coalesce(r.site_id, 0)`, 'in', [siteId, 0])
    .where('r.old_path', 'in', keys)
    .orderBy(sql`case when r.old_path = ${keys[0] ?? ''} then 0 else 1 end`)
    .orderBy(sql`r.site_id is null`)
    .limit(1)
    .executeTakeFirst();
}

/** How many redirects point at each page (a page's usage: 'Redirects to this page'). */
export async function countRedirectsToPages(db: Db, pageIds: number[]): Promise<Map<number, number>> {
  if (!pageIds.length) return new Map();
  const rows = await db
    .selectFrom('redirects')
    .select(['redirect_page_id', sql<number>`count(*)::int`.as('n')])
    .where('redirect_page_id', 'in', pageIds)
    .groupBy('redirect_page_id')
    .execute();
  return new Map(rows.map((row) => [row.redirect_page_id!, Number(row.n)]));
}

/** Every redirect's key and target path (the import checks 10,000 rows against them in memory). */
export function listKeys(db: Db): Promise<Array<Pick<Redirect, 'id' | 'old_path' | 'site_id' | 'target_path'>>> {
  return db.selectFrom('redirects').select(['id', 'old_path', 'site_id', 'target_path']).execute();
}

/** Writes a page move's redirect: the newest move of a path wins over an older automatic one. */
export async function upsertMoveRedirect(db: Db, oldPath: string, siteId: number, pageId: number): Promise<void> {
  await db
    .insertInto('redirects')
    .values({ old_path: oldPath, site_id: siteId, redirect_page_id: pageId, automatically_created: true })
    .onConflict((oc) =>
      oc
        .expression(sql`(coalesce(site_id, 0)), old_path`)
        .doUpdateSet({
          redirect_page_id: pageId,
          redirect_link: null,
          target_path: null,
          version: sql`redirects.version + 1`,
          updated_at: sql`now()`,
        })
        .where('redirects.automatically_created', '=', true),
    )
    .execute();
}

// Imports between preview and confirmation.

export async function insertImport(
  db: Db,
  row: { token: string; user_id: number; file_name: string; rows: unknown },
): Promise<void> {
  await db
    .insertInto('redirect_imports')
    .values({ ...row, rows: jsonb(row.rows) })
    .execute();
}

export function findImport(db: Db, token: string, userId: number) {
  return db
    .selectFrom('redirect_imports')
    .selectAll()
    .where('token', '=', token)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function deleteImport(db: Db, token: string): Promise<void> {
  await db.deleteFrom('redirect_imports').where('token', '=', token).execute();
}

/** Previews nobody confirmed within the hour are dropped. */
export async function deleteStaleImports(db: Db, olderThanMinutes: number): Promise<void> {
  await db
    .deleteFrom('redirect_imports')
    .where('created_at', '<', sql<Date>`now() - make_interval(mins => ${olderThanMinutes})`)
    .execute();
}

/** Every live page's tree path (the import resolves 10,000 target paths against them in memory). */
export function listLivePagePaths(db: Db): Promise<Array<{ id: number; url_path: string }>> {
  return db
    .selectFrom('pages')
    .select(['id', 'url_path'])
    .where('live', '=', true)
    .where('expired', '=', false)
    .where('depth', '>', 1)
    .execute();
}
