import { sql } from 'kysely';
import type { Db } from '../../db';
import type { Page } from '../pages/table';

export const RELEASE_TYPE = 'PressReleasePage';

const liveReleasesUnder = (db: Db, treePath: string) =>
  db
    .selectFrom('pages')
    .where('page_type', '=', RELEASE_TYPE)
    .where('path', 'like', `${treePath}%`)
    .where('live', '=', true)
    .where('expired', '=', false);

/** Live releases below a tree path, newest first (by their press date, then newest page). */
export function listLiveReleases(db: Db, treePath: string, limit: number, offset: number): Promise<Page[]> {
  return liveReleasesUnder(db, treePath)
    .selectAll()
    .orderBy(sql`content->>'date'`, 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countLiveReleases(db: Db, treePath: string): Promise<number> {
  const row = await liveReleasesUnder(db, treePath)
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The nearest live ancestor of a type (the page's own path holds its ancestors' paths as prefixes). */
export function findLiveAncestorOfType(
  db: Db,
  page: Pick<Page, 'path' | 'depth'>,
  pageType: string,
): Promise<Page | undefined> {
  const prefixes: string[] = [];
  for (let depth = 1; depth < page.depth; depth += 1) prefixes.push(page.path.slice(0, depth * 4));
  if (prefixes.length === 0) return Promise.resolve(undefined);
  return db
    .selectFrom('pages')
    .selectAll()
    .where('path', 'in', prefixes)
    .where('page_type', '=', pageType)
    .where('live', '=', true)
    .orderBy('depth', 'desc')
    .executeTakeFirst();
}

/** The first live child of a type, in tree order. */
export function findLiveChildOfType(
  db: Db,
  parent: Pick<Page, 'path' | 'depth'>,
  pageType: string,
): Promise<Page | undefined> {
  return db
    .selectFrom('pages')
    .selectAll()
    .where('path', 'like', `${parent.path}%`)
    .where('depth', '=', parent.depth + 1)
    .where('page_type', '=', pageType)
    .where('live', '=', true)
    .where('expired', '=', false)
    .orderBy('path')
    .executeTakeFirst();
}
