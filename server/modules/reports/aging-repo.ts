import { sql } from 'kysely';
import type { Db } from '../../db';
import type { ListQuery } from '../../listing/list-query';
import { pageOfRows } from '../../listing/rows-repo';
import { dayStart, pathInScope, userName, type PageScope } from './scope-repo';

/** A page as the aging-pages report lists it: when it was last edited and by whom, when last published and by whom. */
export type AgingPageRow = {
  id: number;
  title: string;
  path: string;
  owner_id: number | null;
  numchild: number;
  page_type: string;
  live: boolean;
  last_edited_at: Date;
  last_edited_by: string | null;
  last_published_at: Date | null;
  last_published_by: string | null;
};

/**
 * Pages in scope (never the tree root), oldest edit first by default. The last edit is the
 * latest revision (the page row's update time for a page without one); the last publisher is the
 * user of the latest publish in the audit log (a publish or an approval). Filters: `edited_before`
 * (a UTC day: not edited since), `page_type`.
 */
export function listAgingPages(
  db: Db,
  query: ListQuery,
  scope: PageScope,
): Promise<{ rows: AgingPageRow[]; total: number }> {
  let inner = db
    .selectFrom('pages as p')
    .leftJoin('page_revisions as r', 'r.id', 'p.latest_revision_id')
    .leftJoin('users as editor', 'editor.id', 'r.user_id')
    .select([
      'p.id',
      'p.title',
      'p.path',
      'p.owner_id',
      'p.numchild',
      'p.page_type',
      'p.live',
      sql<Date>`coalesce(r.created_at, p.updated_at)`.as('last_edited_at'),
      userName('editor').as('last_edited_by'),
      'p.last_published_at',
      sql<string | null>`(
        select ${userName('publisher')} from page_log_entries l left join users publisher on publisher.id = l.user_id
        where l.page_id = p.id and l.action in ('publish', 'workflow.approve') order by l.created_at desc, l.id desc limit 1
      )`.as('last_published_by'),
    ])
    .where('p.depth', '>', 1)
    .where(pathInScope(scope, 'p.path'));
  if (query.filters.edited_before)
    inner = inner.where(sql<boolean>`coalesce(r.created_at, p.updated_at) < ${dayStart(query.filters.edited_before)}`);
  if (query.filters.page_type) inner = inner.where('p.page_type', '=', query.filters.page_type);
  const base = db.selectFrom(inner.as('a')).selectAll('a');
  return pageOfRows(base, query, {
    search: ['a.title'],
    sort: {
      title: 'a.title',
      page_type: 'a.page_type',
      last_edited_at: 'a.last_edited_at',
      last_published_at: 'a.last_published_at',
    },
    id: 'a.id',
  }) as Promise<{ rows: AgingPageRow[]; total: number }>;
}

/** How many pages in scope use each page type (types without pages are absent). */
export async function countPagesByType(db: Db, scope: PageScope): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('pages as p')
    .select(['p.page_type', (eb) => eb.fn.countAll<number>().as('n')])
    .where('p.depth', '>', 1)
    .where(pathInScope(scope, 'p.path'))
    .groupBy('p.page_type')
    .execute();
  return new Map(rows.map((row) => [row.page_type, Number(row.n)]));
}
