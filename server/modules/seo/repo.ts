import type { Db } from '../../db';

/** Live, unexpired pages under a language root, with what a sitemap entry needs. */
export function listLivePages(db: Db, rootPath: string) {
  return db
    .selectFrom('pages')
    .select(['id', 'path', 'url_path', 'page_type', 'content', 'robots', 'last_published_at'])
    .where('path', 'like', `${rootPath}%`)
    .where('live', '=', true)
    .where('expired', '=', false)
    .orderBy('path')
    .execute();
}

/** Every location of a country with its directory slugs, newest change known per row. */
export function listDirectoryRows(db: Db, country: string) {
  return db
    .selectFrom('locations')
    .select(['state_slug', 'city_slug', 'line1_slug', 'updated_at'])
    .where('country', '=', country)
    .orderBy('state_slug')
    .orderBy('city_slug')
    .orderBy('line1_slug')
    .execute();
}
