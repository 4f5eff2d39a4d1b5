import { sql, type AliasedRawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../database';
import type { PageStatusFilter } from '../../../shared/schemas/page-filters';

/** The explorer's filters once their values are known to exist (filters-service.ts resolves them). */
export type PageListFilters = {
  pageType?: string;
  status?: PageStatusFilter;
  ownerId?: number;
  /** The tree path of the site's root page: the site's pages are that page and its subtree. */
  sitePath?: string;
  localeId?: number;
};

export const hasPageFilters = (filters: PageListFilters | undefined): boolean =>
  !!filters && Object.values(filters).some((value) => value !== undefined);

/**
 * Narrows a query over `pages` to the filters. Status words follow the explorer's status column:
 * live and draft by the live flag, scheduled by an approved go-live revision, in moderation by
 * the moderation feature's column, private by a view restriction on the page or an ancestor.
 */
export function whereFilters<O>(
  db: Db,
  qb: SelectQueryBuilder<Database, 'pages', O>,
  filters: PageListFilters | undefined,
  /** The moderation feature's column (repo.ts holds it; passed in to keep this file free of a cycle). */
  inModerationSelection: () => AliasedRawBuilder<boolean, 'in_moderation'>,
): SelectQueryBuilder<Database, 'pages', O> {
  if (!filters) return qb;
  let q = qb;
  if (filters.pageType !== undefined) q = q.where('pages.page_type', '=', filters.pageType);
  if (filters.ownerId !== undefined) q = q.where('pages.owner_id', '=', filters.ownerId);
  if (filters.localeId !== undefined) q = q.where('pages.locale_id', '=', filters.localeId);
  if (filters.sitePath !== undefined) q = q.where('pages.path', 'like', `${filters.sitePath}%`);
  switch (filters.status) {
    case 'live':
      return q.where('pages.live', '=', true);
    case 'draft':
      return q.where('pages.live', '=', false);
    case 'scheduled':
      return q.where(
        sql<boolean>`exists (select 1 from page_revisions r where r.page_id = pages.id and r.approved_go_live_at is not null)`,
      );
    case 'in_moderation': {
      const flags = db.selectFrom('pages').select(['pages.id', inModerationSelection()]).as('flags');
      return q.where('pages.id', 'in', db.selectFrom(flags).select('flags.id').where('flags.in_moderation', '=', true));
    }
    case 'private':
      return q.where(
        sql<boolean>`exists (select 1 from page_view_restrictions v join pages rp on rp.id = v.page_id where pages.path like rp.path || '%')`,
      );
    default:
      return q;
  }
}

/** Users who own at least one page, by name (the owner filter's choices). */
export function listPageOwners(db: Db, limit: number): Promise<Array<{ id: number; name: string }>> {
  return db
    .selectFrom('users')
    .select([
      'users.id',
      sql<string>`coalesce(nullif(trim(users.first_name || ' ' || users.last_name), ''), users.username)`.as('name'),
    ])
    .where(
      'users.id',
      'in',
      db
        .selectFrom('pages')
        .select('pages.owner_id')
        .where('pages.owner_id', 'is not', null)
        .$narrowType<{ owner_id: number }>(),
    )
    .orderBy('name')
    .limit(limit)
    .execute();
}

export function userExists(db: Db, id: number): Promise<boolean> {
  return db
    .selectFrom('users')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst()
    .then((row) => row !== undefined);
}

/** Every site with the tree path of its root page, in one query (the site filter's choices). */
export function listSitesWithRootPaths(db: Db) {
  return db
    .selectFrom('sites')
    .innerJoin('pages', 'pages.id', 'sites.root_page_id')
    .select(['sites.id', 'sites.site_name', 'sites.hostname', 'pages.path as root_path'])
    .orderBy('sites.id')
    .execute();
}
