import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db';
import type { ListQuery } from '../../listing/list-query';
import { pageOfRows, searchPatterns } from '../../listing/rows-repo';
import { dayAfter, dayStart, pathInScope, userName, type PageScope } from './scope-repo';

/** The object type of page entries in the site-history report (Wagtail's content type label). */
export const PAGE_OBJECT_TYPE = 'wagtailcore.page';

/** One audit-log entry, of a page or of another model, as the site-history report lists it. */
export type HistoryRow = {
  uid: string;
  object_type: string;
  object_id: string;
  object_label: string;
  action: string;
  data: Record<string, unknown> | null;
  user_name: string | null;
  created_at: Date;
};

/**
 * What the viewer may see of the audit log: page entries of pages in scope (entries of deleted
 * pages only for superusers, who see everything), and entries of the models listed (null: all).
 */
export type HistoryScope = PageScope & { models: readonly string[] | null };

/** A log's side of the union: the two logs have different tables but the same selected columns. */
type Side = SelectQueryBuilder<any, any, any>;

/**
 * Each log as the report reads it, filtered before the union so each side's indexes apply.
 * Filters: `user` (an id), `action`, `object_type` ('wagtailcore.page' or a model key), `date_from`
 * and `date_to` (UTC days, inclusive); the search matches the object's title.
 */
function sides(db: Db, query: ListQuery, scope: HistoryScope): { pages?: Side; models?: Side } {
  const { user, action, object_type: objectType, date_from: from, date_to: to } = query.filters;
  const userId = user ? Number(user) : undefined;
  const pageLabel = sql<string>`coalesce(p.title, e.data->>'title', '')`;
  let pages = db
    .selectFrom('page_log_entries as e')
    .leftJoin('pages as p', 'p.id', 'e.page_id')
    .select([
      sql<string>`'page:' || e.id`.as('uid'),
      sql<number>`1`.as('kind'),
      'e.id as entry_id',
      sql<string>`${PAGE_OBJECT_TYPE}`.as('object_type'),
      sql<string>`cast(e.page_id as text)`.as('object_id'),
      pageLabel.as('object_label'),
      sql<string>`cast(e.action as text)`.as('action'),
      'e.data',
      'e.user_id',
      'e.created_at',
    ]);
  if (scope.paths !== null) pages = pages.where('p.id', 'is not', null).where(pathInScope(scope, 'p.path'));
  let models = db
    .selectFrom('model_log_entries as m')
    .select([
      sql<string>`'model:' || m.id`.as('uid'),
      sql<number>`0`.as('kind'),
      'm.id as entry_id',
      'm.model as object_type',
      'm.object_id',
      'm.object_str as object_label',
      sql<string>`cast(m.action as text)`.as('action'),
      'm.data',
      'm.user_id',
      'm.created_at',
    ]);
  if (scope.models !== null)
    models = scope.models.length ? models.where('m.model', 'in', [...scope.models]) : models.where(sql<boolean>`false`);
  if (objectType && objectType !== PAGE_OBJECT_TYPE) models = models.where('m.model', '=', objectType);
  if (userId !== undefined) {
    pages = pages.where('e.user_id', '=', userId);
    models = models.where('m.user_id', '=', userId);
  }
  if (action) {
    pages = pages.where(sql<boolean>`cast(e.action as text) = ${action}`);
    models = models.where(sql<boolean>`cast(m.action as text) = ${action}`);
  }
  if (from) {
    pages = pages.where('e.created_at', '>=', dayStart(from));
    models = models.where('m.created_at', '>=', dayStart(from));
  }
  if (to) {
    pages = pages.where('e.created_at', '<', dayAfter(to));
    models = models.where('m.created_at', '<', dayAfter(to));
  }
  for (const pattern of searchPatterns(query.q)) {
    pages = pages.where(sql<boolean>`${pageLabel} ilike ${pattern}`);
    models = models.where('m.object_str', 'ilike', pattern);
  }
  return {
    pages: objectType && objectType !== PAGE_OBJECT_TYPE ? undefined : pages,
    models: objectType === PAGE_OBJECT_TYPE ? undefined : models,
  };
}

/**
 * The audit log (page_log_entries and model_log_entries) as one list. By date (the default,
 * newest first) each log gives only its first offset + limit entries through its time index and
 * the count is the sum of both logs' counts, so a page of 50 never sorts the whole log; other
 * orders sort the union.
 */
export async function listSiteHistory(
  db: Db,
  query: ListQuery,
  scope: HistoryScope,
): Promise<{ rows: HistoryRow[]; total: number }> {
  const { pages, models } = sides(db, query, scope);
  const present = [pages, models].filter((side): side is Side => side !== undefined);
  if (query.order.column !== 'created_at') {
    const union = pages && models ? pages.unionAll(models) : (pages ?? models)!;
    const base = db
      .selectFrom(union.as('h'))
      .leftJoin('users as u', 'u.id', 'h.user_id')
      .select([
        'h.uid',
        'h.object_type',
        'h.object_id',
        'h.object_label',
        'h.action',
        'h.data',
        'h.created_at',
        userName('u').as('user_name'),
      ]);
    return pageOfRows(
      base,
      { ...query, q: '' },
      { search: [], sort: { object: 'h.object_label', action: 'h.action', user: 'u.username' }, id: 'h.uid' },
    ) as Promise<{ rows: HistoryRow[]; total: number }>;
  }
  const counts = await Promise.all(
    present.map((side) =>
      side
        .clearSelect()
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow(),
    ),
  );
  const total = counts.reduce((sum, row) => sum + Number(row.n), 0);
  const direction = query.order.desc ? 'desc' : 'asc';
  // Same order inside each log and across them: time, then the log (pages first on a tie), then the entry id.
  const heads = present.map((side) =>
    db
      .selectFrom(
        side
          .orderBy(sql.ref('created_at'), direction)
          .orderBy(sql.ref('entry_id'), direction)
          .limit(query.offset + query.limit)
          .as('s'),
      )
      .selectAll('s'),
  );
  const union = heads.length === 2 ? heads[0]!.unionAll(heads[1]!) : heads[0]!;
  const rows = await db
    .selectFrom(union.as('h'))
    .leftJoin('users as u', 'u.id', 'h.user_id')
    .select([
      'h.uid',
      'h.object_type',
      'h.object_id',
      'h.object_label',
      'h.action',
      'h.data',
      'h.created_at',
      userName('u').as('user_name'),
    ])
    .orderBy('h.created_at', direction)
    .orderBy('h.kind', direction)
    .orderBy('h.entry_id', direction)
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  return { rows: rows as unknown as HistoryRow[], total };
}

/** Every user by name, for the report's user filter. */
export function listUsersByName(db: Db): Promise<Array<{ id: number; name: string | null }>> {
  return db
    .selectFrom('users as u')
    .select(['u.id', userName('u').as('name')])
    .orderBy('u.username')
    .execute();
}
