import { sql } from 'kysely';
import type { Db } from '../../db';
import type { Page } from './table';

/** Locks a page by its tree path (the parent of a page being reordered), inside the caller's transaction. */
export function lockPageByPath(db: Db, path: string): Promise<Page | undefined> {
  return db.selectFrom('pages').selectAll().where('path', '=', path).forUpdate().executeTakeFirst();
}

/** Every child of a parent as (id, path), in sibling order: two short columns, even for thousands. */
export function listSiblingPaths(
  db: Db,
  parent: Pick<Page, 'path' | 'depth'>,
): Promise<Array<{ id: number; path: string }>> {
  return db
    .selectFrom('pages')
    .select(['id', 'path'])
    .where('path', 'like', `${parent.path}%`)
    .where('depth', '=', parent.depth + 1)
    .orderBy('path')
    .execute();
}

/**
 * Gives each listed sibling subtree a new top path (`from` -> `to`, both one level below the same
 * parent). The targets are a permutation of the sources, so two steps keep the unique index on
 * path happy: first every affected row moves under a prefix no real path has ('~' is outside the
 * base-36 alphabet), then each comes back under its new top path.
 */
export async function rewriteSiblingPaths(
  db: Db,
  parentPath: string,
  moves: Array<{ from: string; to: string }>,
): Promise<void> {
  if (!moves.length) return;
  const length = moves[0]!.from.length;
  // The moved siblings are one contiguous run in sibling order: a range, not a list of thousands.
  const sources = moves.map((move) => move.from).sort();
  await db
    .updateTable('pages')
    .set({ path: sql<string>`'~' || path` })
    .where('path', 'like', `${parentPath}%`)
    .where(sql<string>`substr(path, 1, ${length}) collate "C"`, '>=', sources[0]!)
    .where(sql<string>`substr(path, 1, ${length}) collate "C"`, '<=', sources[sources.length - 1]!)
    .execute();
  // In batches, to stay far below the bind-parameter limit when a page jumps across thousands.
  for (let start = 0; start < moves.length; start += 1000) {
    const mapping = sql.join(
      moves.slice(start, start + 1000).map((move) => sql`(${move.from}::text, ${move.to}::text)`),
    );
    await sql`
      update pages set path = m.new_path || substr(pages.path, ${length + 2})
      from (values ${mapping}) as m(old_path, new_path)
      where pages.path like ${`~${parentPath}%`} and substr(pages.path, 2, ${length}) = m.old_path
    `.execute(db);
  }
}
