import { sql, type Kysely } from 'kysely';

/**
 * The snippets (spec: toolbox, country, tiered navigation) and the footer as their own tables,
 * edited under /wagtail/snippets/. Frozen once landed.
 *
 * - `snippet_countries`: one row per country and language (Wagtail's TranslatableMixin: the same
 *   ISO code in each locale), its printable name in that language, the site it belongs to and the
 *   page that is its country root (the region switcher links there).
 * - `snippet_navigation` and `snippet_footers`: the published header menus and footer of a site in
 *   one language; drafts live in object_revisions until published.
 * - `snippet_toolboxes`: a named list of blocks that pages include through the toolbox block.
 *
 * Existing header and footer JSON (site_snippets) is copied into the new tables; the footer's
 * region list becomes country rows. site_snippets stays (frozen migrations) but is no longer read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('snippet_countries')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('iso_code', 'text', (c) => c.notNull().check(sql`iso_code ~ '^[A-Z]{2}$'`))
    .addColumn('language_code', 'text', (c) => c.notNull())
    .addColumn('printable_name', 'text', (c) => c.notNull())
    .addColumn('site_id', 'integer', (c) => c.references('sites.id').onDelete('set null'))
    .addColumn('root_page_id', 'integer', (c) => c.references('pages.id').onDelete('set null'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('snippet_countries_iso_language_key', ['iso_code', 'language_code'])
    .execute();

  for (const table of ['snippet_navigation', 'snippet_footers']) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
      .addColumn('language_code', 'text', (c) => c.notNull())
      // The published content (shared/schemas/snippets.ts); drafts are object_revisions rows.
      .addColumn('content', 'jsonb', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint(`${table}_site_language_key`, ['site_id', 'language_code'])
      .execute();
  }

  await db.schema
    .createTable('snippet_toolboxes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('blocks', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await copySiteSnippets(db);
}

/** Translations of the countries the seeded sites used (other languages keep the region's title). */
const NAMES: Record<string, Record<string, string>> = {
  US: { en: 'US', fr: 'États-Unis' },
  CA: { en: 'Canada', fr: 'Canada' },
};

async function copySiteSnippets(db: Kysely<any>): Promise<void> {
  const rows = await db
    .selectFrom('site_snippets')
    .select(['site_id', 'language_code', 'header', 'footer'])
    .orderBy('id')
    .execute();
  const regions = new Map<number, string>();
  for (const row of rows) {
    if (row.header)
      await db
        .insertInto('snippet_navigation')
        .values({
          site_id: row.site_id,
          language_code: row.language_code,
          content: sql`${JSON.stringify(row.header)}::jsonb`,
        })
        .execute();
    if (row.footer && typeof row.footer === 'object') {
      const { regions: list, ...footer } = row.footer as { regions?: Array<{ id?: unknown; title?: unknown }> };
      for (const region of Array.isArray(list) ? list : []) {
        if (typeof region.id === 'number' && typeof region.title === 'string' && !regions.has(region.id))
          regions.set(region.id, region.title);
      }
      await db
        .insertInto('snippet_footers')
        .values({
          site_id: row.site_id,
          language_code: row.language_code,
          content: sql`${JSON.stringify(footer)}::jsonb`,
        })
        .execute();
    }
  }

  // Each region was a site: its country is the one its state list lists, else known by its title.
  const locales = (await db.selectFrom('locales').select('language_code').execute()).map(
    (l) => l.language_code as string,
  );
  for (const [siteId, title] of regions) {
    const site = await db
      .selectFrom('sites')
      .select(['id', 'root_page_id'])
      .where('id', '=', siteId)
      .executeTakeFirst();
    if (!site) continue;
    const stateList = await sql<{ country: string | null }>`
      select p.content->>'country' as country from pages p join pages r on r.id = ${site.root_page_id}
      where p.page_type = 'LocationsPageStateList' and p.path like r.path || '%' order by p.path limit 1`.execute(db);
    const byTitle = title === 'United States' ? 'US' : title === 'Canada' ? 'CA' : undefined;
    const iso = stateList.rows[0]?.country ?? byTitle;
    if (!iso || !/^[A-Z]{2}$/.test(iso)) continue;
    // The site's root in each language it has (its translations), else the default root.
    const roots = await sql<{ id: number; language_code: string }>`
      select t.id, l.language_code from pages r join pages t on t.translation_key = r.translation_key join locales l on l.id = t.locale_id
      where r.id = ${site.root_page_id}`.execute(db);
    for (const languageCode of locales) {
      // English keeps the title the footer showed; other languages get the known translation.
      const language = languageCode.slice(0, 2).toLowerCase();
      const name = language === 'en' ? title : (NAMES[iso]?.[language] ?? title);
      const root =
        roots.rows.find((r) => r.language_code === languageCode) ?? roots.rows.find((r) => r.id === site.root_page_id);
      await db
        .insertInto('snippet_countries')
        .values({
          iso_code: iso,
          language_code: languageCode,
          printable_name: name,
          site_id: site.id,
          root_page_id: root?.id ?? null,
        })
        .onConflict((oc) => oc.columns(['iso_code', 'language_code']).doNothing())
        .execute();
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['snippet_toolboxes', 'snippet_footers', 'snippet_navigation', 'snippet_countries'])
    await db.schema.dropTable(table).execute();
}
