import { sql } from 'kysely';
import { jsonb, type Db } from '../../db';
import type { NewPage, Page, PageRevision, PageUpdate, RevisionSnapshot } from './table';

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

export function siblingSlugTaken(db: Db, parent: Pick<Page, 'path' | 'depth'>, slug: string, exceptId?: number): Promise<boolean> {
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

export async function updatePage(db: Db, id: number, changes: Omit<PageUpdate, 'content'> & { content?: unknown }): Promise<Page> {
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
