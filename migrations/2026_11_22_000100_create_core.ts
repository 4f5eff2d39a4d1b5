import { sql, type Kysely } from 'kysely';

/**
 * The content core: locales, sites, the page tree with its revisions, staff users and
 * database-backed sessions. Frozen once landed: later changes go in new migrations.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('locales')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('language_code', 'text', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('is_superuser', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('preferred_language', 'text', (c) => c.notNull().defaultTo('en-US'))
    .addColumn('last_login', 'timestamptz')
    .addColumn('date_joined', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('pages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // Materialised path: four base-36 characters per level, so sibling order is path order.
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('depth', 'integer', (c) => c.notNull())
    .addColumn('numchild', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('page_type', 'text', (c) => c.notNull())
    .addColumn('locale_id', 'integer', (c) => c.notNull().references('locales.id'))
    .addColumn('translation_key', 'uuid', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('url_path', 'text', (c) => c.notNull())
    .addColumn('seo_title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('search_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('robots', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('live', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('has_unpublished_changes', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('first_published_at', 'timestamptz')
    .addColumn('last_published_at', 'timestamptz')
    .addColumn('go_live_at', 'timestamptz')
    .addColumn('expire_at', 'timestamptz')
    .addColumn('expired', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('latest_revision_id', 'integer')
    .addColumn('live_revision_id', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('pages_url_path_idx').on('pages').column('url_path').execute();
  await db.schema
    .createIndex('pages_translation_key_idx')
    .on('pages')
    .columns(['translation_key', 'locale_id'])
    .unique()
    .execute();
  // text_pattern_ops lets "path LIKE '0001%'" (a subtree) use the index under any collation.
  await sql`CREATE INDEX pages_path_pattern_idx ON pages (path text_pattern_ops)`.execute(db);

  await db.schema
    .createTable('page_revisions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('object_str', 'text', (c) => c.notNull())
    // The full snapshot: page fields and type-specific content, as saved.
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('approved_go_live_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('page_revisions_page_idx')
    .on('page_revisions')
    .columns(['page_id', 'created_at'])
    .execute();
  await db.schema
    .alterTable('pages')
    .addForeignKeyConstraint('pages_latest_revision_fk', ['latest_revision_id'], 'page_revisions', ['id'])
    .onDelete('set null')
    .execute();
  await db.schema
    .alterTable('pages')
    .addForeignKeyConstraint('pages_live_revision_fk', ['live_revision_id'], 'page_revisions', ['id'])
    .onDelete('set null')
    .execute();

  await db.schema
    .createTable('sites')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('hostname', 'text', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull().defaultTo(80))
    .addColumn('site_name', 'text', (c) => c.notNull())
    .addColumn('root_page_id', 'integer', (c) => c.notNull().references('pages.id'))
    .addColumn('is_default_site', 'boolean', (c) => c.notNull().defaultTo(false))
    .addUniqueConstraint('sites_hostname_port_key', ['hostname', 'port'])
    .execute();
  await sql`CREATE UNIQUE INDEX sites_one_default_idx ON sites (is_default_site) WHERE is_default_site`.execute(db);

  await db.schema
    .createTable('sessions')
    .addColumn('sid', 'text', (c) => c.primaryKey())
    .addColumn('sess', 'jsonb', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['sessions', 'sites']) await db.schema.dropTable(table).execute();
  await db.schema.alterTable('pages').dropConstraint('pages_latest_revision_fk').execute();
  await db.schema.alterTable('pages').dropConstraint('pages_live_revision_fk').execute();
  for (const table of ['page_revisions', 'pages', 'users', 'locales']) await db.schema.dropTable(table).execute();
}
