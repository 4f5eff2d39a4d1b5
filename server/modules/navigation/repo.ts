import { jsonb, type Db } from '../../db';
import type { SiteSnippet } from './table';

/** The snippet rows of a site for these languages (the page's own and the site's default). */
export function findSnippets(db: Db, siteId: number, languageCodes: string[]): Promise<SiteSnippet[]> {
  return db.selectFrom('site_snippets').selectAll().where('site_id', '=', siteId).where('language_code', 'in', languageCodes).execute();
}

export type SnippetValues = { header: unknown; footer: unknown; newHeader: boolean };

/** Inserts or replaces the snippets of one site and language. */
export async function upsertSnippets(db: Db, siteId: number, languageCode: string, values: SnippetValues): Promise<void> {
  const row = {
    header: values.header === null ? null : jsonb(values.header),
    footer: values.footer === null ? null : jsonb(values.footer),
    new_header: values.newHeader,
  };
  await db
    .insertInto('site_snippets')
    .values({ site_id: siteId, language_code: languageCode, ...row })
    .onConflict((oc) => oc.columns(['site_id', 'language_code']).doUpdateSet({ ...row, updated_at: new Date() }))
    .execute();
}

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
