import { sql, type Kysely } from 'kysely';

/**
 * Page translation (issue 31, after wagtail-localize): the source text of a page cut into
 * segments, each translation of it (a page in another locale) with one row per translated
 * segment, and a translation memory shared by every page. Frozen once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One per source page: the segments and translatable fields of the version translators work from
  // (its live version, replaced each time the source is published).
  await db.schema
    .createTable('translation_sources')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('page_id', 'integer', (c) => c.notNull().unique().references('pages.id').onDelete('cascade'))
    .addColumn('locale_id', 'integer', (c) => c.notNull().references('locales.id'))
    .addColumn('revision_id', 'integer', (c) => c.references('page_revisions.id').onDelete('set null'))
    .addColumn('segments', 'jsonb', (c) => c.notNull())
    .addColumn('fields', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('page_translations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('source_id', 'integer', (c) => c.notNull().references('translation_sources.id').onDelete('cascade'))
    .addColumn('page_id', 'integer', (c) => c.notNull().unique().references('pages.id').onDelete('cascade'))
    .addColumn('locale_id', 'integer', (c) => c.notNull().references('locales.id'))
    .addColumn('created_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('page_translations_source_locale_key', ['source_id', 'locale_id'])
    .execute();
  // A translated segment: the source text it was made from (so a changed source shows old and new),
  // its translation and its state ('translated' or 'out_of_date'; a segment without a row is to do).
  await db.schema
    .createTable('segment_translations')
    .addColumn('translation_id', 'integer', (c) => c.notNull().references('page_translations.id').onDelete('cascade'))
    .addColumn('segment_id', 'text', (c) => c.notNull())
    .addColumn('source_text', 'text', (c) => c.notNull())
    .addColumn('target_text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('translated', 'out_of_date')`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('segment_translations_pkey', ['translation_id', 'segment_id'])
    .execute();
  // Keyed by a digest of the source text: texts can be longer than a B-tree entry may be.
  await db.schema
    .createTable('translation_memory')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('source_locale_id', 'integer', (c) => c.notNull().references('locales.id'))
    .addColumn('target_locale_id', 'integer', (c) => c.notNull().references('locales.id'))
    .addColumn('source_digest', 'text', (c) => c.notNull())
    .addColumn('source_text', 'text', (c) => c.notNull())
    .addColumn('target_text', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('translation_memory_key', ['source_locale_id', 'target_locale_id', 'source_digest'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('translation_memory').execute();
  await db.schema.dropTable('segment_translations').execute();
  await db.schema.dropTable('page_translations').execute();
  await db.schema.dropTable('translation_sources').execute();
}
