import { sql, type Kysely } from 'kysely';

/**
 * Full-text search over page titles and body text in the site's two languages: one expression
 * index per text-search configuration (english, french). Expression indexes rather than stored
 * tsvector columns, so every `select *` on pages stays as light as before; the page search
 * (server/modules/pages/search-repo.ts) repeats the same expression, picking the configuration by
 * the page's locale. jsonb_to_tsvector takes every string of the content; the parser drops HTML
 * tags by itself. PGlite runs the same statements (it ships both configurations). Frozen once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const config of ['english', 'french'] as const) {
    await sql`create index ${sql.id(`pages_search_${config}_idx`)} on pages using gin ((
      to_tsvector(${sql.lit(config)}::regconfig, coalesce(title, '') || ' ' || coalesce(seo_title, '')) ||
      jsonb_to_tsvector(${sql.lit(config)}::regconfig, content, '["string"]')
    ))`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const config of ['english', 'french'] as const)
    await sql`drop index if exists ${sql.id(`pages_search_${config}_idx`)}`.execute(db);
}
