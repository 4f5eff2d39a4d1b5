import type { Db } from '../../server/db';

/** Takes every page of a type off the public site (unpublished, as staff would). */
export async function deletePages(db: Db, pageType: string): Promise<void> {
  await db.updateTable('pages').set({ live: false }).where('page_type', '=', pageType).execute();
}
