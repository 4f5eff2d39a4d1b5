import type { Db } from '../../db';
import type { Page } from '../pages/table';

/** Remembers a page's old URL path so the public site answers it with a redirect to the page. */
export async function insertRedirect(db: Db, oldPath: string, pageId: number): Promise<void> {
  // A newer move of the same old path wins: drop what pointed there before.
  await db.deleteFrom('redirects').where('old_path', '=', oldPath).execute();
  await db.insertInto('redirects').values({ old_path: oldPath, site_id: null, redirect_page_id: pageId }).execute();
}

/** The live page a tree URL path now redirects to, if any. */
export function findRedirectTarget(db: Db, oldPath: string): Promise<Page | undefined> {
  return db
    .selectFrom('redirects')
    .innerJoin('pages', 'pages.id', 'redirects.redirect_page_id')
    .selectAll('pages')
    .where('redirects.old_path', '=', oldPath)
    .where('pages.live', '=', true)
    .where('pages.expired', '=', false)
    .orderBy('redirects.id', 'desc')
    .executeTakeFirst();
}
