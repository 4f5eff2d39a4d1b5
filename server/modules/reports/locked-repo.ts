import type { Db } from '../../db';
import type { ListQuery } from '../../listing/list-query';
import { pageOfRows } from '../../listing/rows-repo';
import { pathInScope, userName, type PageScope } from './scope-repo';

/** A locked page as the locked-pages report lists it, with what the unlock check needs. */
export type LockedPageRow = {
  id: number;
  title: string;
  path: string;
  owner_id: number | null;
  numchild: number;
  live: boolean;
  locked_by_id: number | null;
  locked_by_name: string | null;
  locked_at: Date | null;
  url_path: string;
};

/** Locked pages in scope; filter `locked_by` (a user id). */
export function listLockedPages(
  db: Db,
  query: ListQuery,
  scope: PageScope,
): Promise<{ rows: LockedPageRow[]; total: number }> {
  let base = db
    .selectFrom('pages as p')
    .leftJoin('users as u', 'u.id', 'p.locked_by_id')
    .select([
      'p.id',
      'p.title',
      'p.path',
      'p.owner_id',
      'p.numchild',
      'p.live',
      'p.locked_by_id',
      'p.locked_at',
      'p.url_path',
      userName('u').as('locked_by_name'),
    ])
    .where('p.locked', '=', true)
    .where(pathInScope(scope, 'p.path'));
  if (query.filters.locked_by) base = base.where('p.locked_by_id', '=', Number(query.filters.locked_by));
  return pageOfRows(base, query, {
    search: ['p.title'],
    sort: { title: 'p.title', locked_by: 'u.username', locked_at: 'p.locked_at' },
    id: 'p.id',
  });
}

/** The users who hold a lock on some page (the report's filter), by name. */
export function listLockHolders(db: Db): Promise<Array<{ id: number; name: string | null }>> {
  return db
    .selectFrom('users as u')
    .select(['u.id', userName('u').as('name')])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('pages')
          .select('pages.id')
          .whereRef('pages.locked_by_id', '=', 'u.id')
          .where('pages.locked', '=', true),
      ),
    )
    .orderBy('u.username')
    .execute();
}
