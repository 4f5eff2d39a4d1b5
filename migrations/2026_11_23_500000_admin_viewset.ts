import { sql, type Kysely } from 'kysely';

/**
 * The admin viewset's tables (Wagtail's ModelLogEntry, Revision and model permissions), the
 * redirects manager, collections and per-site settings. Frozen once landed.
 *
 * - `model_log_entries`: the audit log of every object that is not a page (pages keep
 *   `page_log_entries`, as Wagtail keeps PageLogEntry beside ModelLogEntry); no foreign key, so a
 *   deleted object keeps its history.
 * - `object_revisions`: full JSON snapshots of non-page objects with drafts.
 * - `group_model_permissions`: add / change / delete / publish on a model ('wagtailredirects.redirect').
 * - `redirects` becomes Wagtail's Redirect: a normalised public old path per site (NULL: all
 *   sites), to a page or a URL, 301 or 302, unique per (site, old path). The rows that page moves
 *   left behind held tree paths ('/home/old/'); they are rewritten to the public path of each site
 *   whose tree holds them.
 * - `collections`: Wagtail's tree of collections (materialised paths as pages), 'Root' first;
 *   `group_collection_permissions` grants add / change / choose on a collection and its descendants;
 *   images get a collection (the root by default).
 * - `site_settings`: one JSON value per site and settings model ('core.sitesettings'); the new-header
 *   flag moves here from the header snippets.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('model_log_entries')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // 'app_label.model_name', as the permission codenames.
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('object_str', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('revision_id', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('model_log_entries_object_idx')
    .on('model_log_entries')
    .columns(['model', 'object_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('object_revisions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('object_str', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('object_revisions_object_idx')
    .on('object_revisions')
    .columns(['model', 'object_id', 'id'])
    .execute();

  await db.schema
    .createTable('group_model_permissions')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('add', 'change', 'delete', 'publish')`))
    .addPrimaryKeyConstraint('group_model_permissions_pkey', ['group_id', 'model', 'action'])
    .execute();

  await upgradeRedirects(db);
  await createCollections(db);
  await createSiteSettings(db);
}

async function upgradeRedirects(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('redirects')
    .alterColumn('redirect_page_id', (c) => c.dropNotNull())
    .execute();
  await db.schema.alterTable('redirects').addColumn('redirect_link', 'text').execute();
  // A link to a path on our own sites, normalised like old_path: loops and chains are found by index.
  await db.schema.alterTable('redirects').addColumn('target_path', 'text').execute();
  await db.schema
    .alterTable('redirects')
    .addColumn('match_query_string', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('redirects')
    .addColumn('automatically_created', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('redirects')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('redirects')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Rows left by page moves: a tree path becomes the public path on each site that holds it.
  const roots = await sql<{ site_id: number; url_path: string; language_code: string; is_default: boolean }>`
    select s.id as site_id, t.url_path, l.language_code, (t.id = r.id) as is_default
    from sites s
    join pages r on r.id = s.root_page_id
    join pages t on t.translation_key = r.translation_key and (t.id = r.id or t.live)
    join locales l on l.id = t.locale_id`.execute(db);
  const moved = await db.selectFrom('redirects').select(['id', 'old_path', 'redirect_page_id']).orderBy('id').execute();
  await db.deleteFrom('redirects').execute();
  const seen = new Set<string>();
  // Newest first, so the newest move of a path wins, as it did before.
  for (const row of moved.reverse()) {
    for (const root of roots.rows) {
      if (!row.old_path.startsWith(root.url_path)) continue;
      const prefix = root.is_default ? '' : `/${root.language_code.slice(0, 2).toLowerCase()}`;
      const path = `${prefix}/${row.old_path.slice(root.url_path.length)}`.toLowerCase();
      const key = `${root.site_id} ${path}`;
      if (seen.has(key)) continue;
      seen.add(key);
      await db
        .insertInto('redirects')
        .values({
          old_path: path,
          site_id: root.site_id,
          redirect_page_id: row.redirect_page_id,
          automatically_created: true,
        })
        .execute();
    }
  }
  await db.schema.dropIndex('redirects_old_path_idx').execute();
  // One redirect per old path and site; NULL (all sites) counts as a site of its own.
  await sql`CREATE UNIQUE INDEX redirects_site_old_path_idx ON redirects ((coalesce(site_id, 0)), old_path)`.execute(
    db,
  );
  await sql`ALTER TABLE redirects ADD CONSTRAINT redirects_one_target CHECK ((redirect_page_id IS NULL) <> (redirect_link IS NULL))`.execute(
    db,
  );
  await db.schema.createIndex('redirects_page_idx').on('redirects').column('redirect_page_id').execute();
  await db.schema.createIndex('redirects_target_path_idx').on('redirects').column('target_path').execute();
  // The 404 path also looks up the site's not-found page by type (findLivePageOfType): without
  // this index that is a scan of every page, which made a 404 slower than a page view.
  await db.schema.createIndex('pages_page_type_path_idx').on('pages').columns(['page_type', 'path']).execute();

  // An import is held here between its preview and its confirmation (nothing is written before).
  await db.schema
    .createTable('redirect_imports')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('rows', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

async function createCollections(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('collections')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('depth', 'integer', (c) => c.notNull())
    .addColumn('numchild', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  const root = await db
    .insertInto('collections')
    .values({ path: '0001', depth: 1, numchild: 0, name: 'Root' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`ALTER TABLE images ADD COLUMN collection_id integer NOT NULL DEFAULT ${sql.lit(Number(root.id))} REFERENCES collections(id)`.execute(
    db,
  );
  await db.schema.createIndex('images_collection_idx').on('images').column('collection_id').execute();
  await db.schema
    .createTable('group_collection_permissions')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('collection_id', 'integer', (c) => c.notNull().references('collections.id').onDelete('cascade'))
    .addColumn('permission', 'text', (c) => c.notNull().check(sql`permission in ('add', 'change', 'choose')`))
    .addPrimaryKeyConstraint('group_collection_permissions_pkey', ['group_id', 'collection_id', 'permission'])
    .execute();
}

async function createSiteSettings(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_settings')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('site_settings_pkey', ['site_id', 'model'])
    .execute();
  // The header flag lived on the default language's header snippet; it becomes a site setting.
  await sql`
    insert into site_settings (site_id, model, value)
    select s.id, 'core.sitesettings', jsonb_build_object('new_header', coalesce(bool_or(ss.new_header), false))
    from sites s left join site_snippets ss on ss.site_id = s.id
    group by s.id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_settings').execute();
  await db.schema.dropTable('group_collection_permissions').execute();
  await db.schema.alterTable('images').dropColumn('collection_id').execute();
  await db.schema.dropTable('collections').execute();
  await db.schema.dropTable('redirect_imports').execute();
  await db.deleteFrom('redirects').where('redirect_page_id', 'is', null).execute();
  await sql`ALTER TABLE redirects DROP CONSTRAINT redirects_one_target`.execute(db);
  await sql`DROP INDEX redirects_site_old_path_idx`.execute(db);
  await sql`DROP INDEX redirects_page_idx`.execute(db);
  await sql`DROP INDEX pages_page_type_path_idx`.execute(db);
  await db.schema.createIndex('redirects_old_path_idx').on('redirects').column('old_path').execute();
  for (const column of [
    'redirect_link',
    'target_path',
    'match_query_string',
    'automatically_created',
    'version',
    'updated_at',
  ]) {
    await db.schema.alterTable('redirects').dropColumn(column).execute();
  }
  await db.schema
    .alterTable('redirects')
    .alterColumn('redirect_page_id', (c) => c.setNotNull())
    .execute();
  await db.schema.dropTable('group_model_permissions').execute();
  await db.schema.dropTable('object_revisions').execute();
  await db.schema.dropTable('model_log_entries').execute();
}
