import { sql, type Kysely } from 'kysely';

/**
 * Site-wide snippets: the header and footer content of each site and language, and the site's
 * feature flags (new_header). One row per (site, language) so the French Canada site has its
 * own labels. Frozen once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_snippets')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('language_code', 'text', (c) => c.notNull())
    // Validated JSON (shared/schemas/navigation.ts); null means "not configured".
    .addColumn('header', 'jsonb')
    .addColumn('footer', 'jsonb')
    .addColumn('new_header', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('site_snippets_site_language_key', ['site_id', 'language_code'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_snippets').execute();
}
