import type { Db } from '../../db';

/** Live, unexpired pages of one language root in tree order, for the sitemap block. */
export function listLivePagesUnder(db: Db, rootPath: string, limit: number) {
  return db
    .selectFrom('pages')
    .select(['id', 'title', 'path', 'url_path', 'depth', 'page_type'])
    .where('path', 'like', `${rootPath}%`)
    .where('live', '=', true)
    .where('expired', '=', false)
    .orderBy('path')
    .limit(limit)
    .execute();
}
