import { sql, type Kysely } from 'kysely';

/**
 * Translations of the localized snippets (header menus and footers): which snippet row is the
 * translation of which, and each segment's translation, as page_translations and
 * segment_translations hold them for pages. The snippet tables are two (snippet_navigation,
 * snippet_footers), so the rows name their model instead of a foreign key; the service drops a
 * link whose row is gone. Frozen once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('snippet_translations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('model', 'text', (c) => c.notNull().check(sql`model in ('core.tierednavigation', 'core.footer')`))
    .addColumn('source_id', 'integer', (c) => c.notNull())
    .addColumn('snippet_id', 'integer', (c) => c.notNull())
    .addColumn('source_locale_id', 'integer', (c) => c.notNull().references('locales.id'))
    .addColumn('locale_id', 'integer', (c) => c.notNull().references('locales.id'))
    .addColumn('created_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('snippet_translations_target_key', ['model', 'snippet_id'])
    .addUniqueConstraint('snippet_translations_source_locale_key', ['model', 'source_id', 'locale_id'])
    .execute();
  await db.schema
    .createTable('snippet_segment_translations')
    .addColumn('translation_id', 'integer', (c) =>
      c.notNull().references('snippet_translations.id').onDelete('cascade'),
    )
    .addColumn('segment_id', 'text', (c) => c.notNull())
    .addColumn('source_text', 'text', (c) => c.notNull())
    .addColumn('target_text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('translated', 'out_of_date')`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('snippet_segment_translations_pkey', ['translation_id', 'segment_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('snippet_segment_translations').execute();
  await db.schema.dropTable('snippet_translations').execute();
}
