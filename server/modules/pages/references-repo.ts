import type { Db } from '../../db';
import type { Page, PageRevision } from './table';

/** Pages by id (the usage screens' labels and links). */
export function findPagesByIds(
  db: Db,
  ids: readonly number[],
): Promise<Array<Pick<Page, 'id' | 'title' | 'page_type' | 'depth'>>> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('pages').select(['id', 'title', 'page_type', 'depth']).where('id', 'in', ids).execute();
}

/** The next batch of page ids after `afterId`, in id order (the index backfill). */
export async function pageIdsAfter(db: Db, afterId: number, limit: number): Promise<number[]> {
  const rows = await db.selectFrom('pages').select('id').where('id', '>', afterId).orderBy('id').limit(limit).execute();
  return rows.map((row) => row.id);
}

/** A page's live content and its latest revision's snapshot (what the index records). */
export async function findIndexedContent(
  db: Db,
  pageId: number,
): Promise<
  { page: Pick<Page, 'id' | 'content' | 'latest_revision_id'>; draft?: Pick<PageRevision, 'content'> } | undefined
> {
  const page = await db
    .selectFrom('pages')
    .select(['id', 'content', 'latest_revision_id'])
    .where('id', '=', pageId)
    .executeTakeFirst();
  if (!page) return undefined;
  const draft = page.latest_revision_id
    ? await db
        .selectFrom('page_revisions')
        .select('content')
        .where('id', '=', page.latest_revision_id)
        .executeTakeFirst()
    : undefined;
  return { page, draft };
}

/** Pages by id with what a link to them needs (the header menu's page links). */
export function findPageAddresses(
  db: Db,
  ids: readonly number[],
): Promise<Array<Pick<Page, 'id' | 'title' | 'url_path' | 'live'>>> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('pages').select(['id', 'title', 'url_path', 'live']).where('id', 'in', ids).execute();
}
