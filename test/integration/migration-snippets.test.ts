import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Migrator, type Kysely } from 'kysely';
import { migrations } from '../../migrations/index';
import { openDatabase, type DatabaseHandle } from '../../server/db';

/**
 * The snippets migration on a database whose header and footer still live in site_snippets: the
 * JSON moves into the snippet tables and the footer's regions become country rows per language.
 */
describe('migration 2026_11_24_100000_snippets on existing data', () => {
  let handle: DatabaseHandle;
  let db: Kysely<any>;

  before(async function () {
    this.timeout(180_000); // every earlier migration on an in-memory PGlite: slow on a busy machine
    handle = openDatabase({ kind: 'pglite-memory' });
    db = handle.db as unknown as Kysely<any>;
    const earlier = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '2026_11_24_100000'));
    const { error } = await new Migrator({
      db,
      provider: { getMigrations: async () => earlier },
      allowUnorderedMigrations: true,
    }).migrateToLatest();
    if (error) throw error;
  });
  after(async () => handle.close());

  it('copies header and footer JSON and turns the footer regions into countries', async function () {
    this.timeout(120_000);
    const [en, fr] = await db
      .insertInto('locales')
      .values([{ language_code: 'en-US' }, { language_code: 'fr-CA' }])
      .returning('id')
      .execute();
    const page = (values: Record<string, unknown>) =>
      db
        .insertInto('pages')
        .values({ page_type: 'HomePage', translation_key: randomUUID(), live: true, content: '{}', ...values })
        .returning(['id', 'translation_key'])
        .executeTakeFirstOrThrow();
    await page({ path: '0001', depth: 1, locale_id: en!.id, title: 'Root', slug: 'root', url_path: '/' });
    const usHome = await page({
      path: '00010001',
      depth: 2,
      locale_id: en!.id,
      title: 'Home',
      slug: 'home',
      url_path: '/home/',
    });
    const caHome = await page({
      path: '00010002',
      depth: 2,
      locale_id: en!.id,
      title: 'Canada',
      slug: 'ca',
      url_path: '/ca/',
    });
    const caFr = await page({
      path: '00010003',
      depth: 2,
      locale_id: fr!.id,
      title: 'Canada FR',
      slug: 'ca-fr',
      url_path: '/ca-fr/',
      translation_key: caHome.translation_key,
    });
    await db
      .insertInto('pages')
      .values({
        page_type: 'LocationsPageStateList',
        translation_key: randomUUID(),
        live: true,
        path: '000100020001',
        depth: 3,
        locale_id: en!.id,
        title: 'Locations',
        slug: 'locations',
        url_path: '/ca/locations/',
        content: JSON.stringify({ country: 'CA' }),
      })
      .execute();
    const us = await db
      .insertInto('sites')
      .values({
        hostname: 'www.example.com',
        port: 443,
        site_name: 'US',
        root_page_id: usHome.id,
        is_default_site: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ca = await db
      .insertInto('sites')
      .values({
        hostname: 'ca.example.com',
        port: 443,
        site_name: 'CA',
        root_page_id: caHome.id,
        is_default_site: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const header = {
      sections: [{ role: 'primary', title: 'Menu', links: [{ display_name: 'Full Menu', url: '/menu/' }] }],
    };
    const footer = {
      columns: [{ title: 'About', is_collapsable: true, links: [{ display_name: 'Our Story', url: '/about/' }] }],
      social_icons: [],
      legal_text: '© Example',
      regions: [
        { id: us.id, title: 'United States', url: 'https://www.example.com/' },
        { id: ca.id, title: 'Canada', url: 'https://ca.example.com/' },
      ],
      use_twitter_bird: false,
    };
    await db
      .insertInto('site_snippets')
      .values([
        {
          site_id: us.id,
          language_code: 'en-US',
          header: JSON.stringify(header),
          footer: JSON.stringify(footer),
          new_header: true,
        },
        {
          site_id: ca.id,
          language_code: 'fr-CA',
          header: null,
          footer: JSON.stringify({ ...footer, legal_text: '© Exemple' }),
          new_header: false,
        },
      ])
      .execute();

    const { error, results } = await new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      allowUnorderedMigrations: true,
    }).migrateToLatest();
    if (error) throw error;
    expect(results?.map((r) => r.migrationName)).to.include('2026_11_24_100000_snippets');

    const navigation = await db.selectFrom('snippet_navigation').selectAll().execute();
    expect(navigation.map((n) => [n.site_id, n.language_code, n.content])).to.deep.equal([[us.id, 'en-US', header]]);
    const footers = await db.selectFrom('snippet_footers').selectAll().orderBy('id').execute();
    expect(
      footers.map((f) => [f.site_id, f.language_code, f.content.legal_text, 'regions' in f.content]),
    ).to.deep.equal([
      [us.id, 'en-US', '© Example', false],
      [ca.id, 'fr-CA', '© Exemple', false],
    ]);
    const countries = await db
      .selectFrom('snippet_countries')
      .select(['iso_code', 'language_code', 'printable_name', 'site_id', 'root_page_id'])
      .orderBy('iso_code')
      .orderBy('language_code')
      .execute();
    expect(countries).to.deep.equal([
      // Canada: its state list says CA; the French row points at the French home.
      { iso_code: 'CA', language_code: 'en-US', printable_name: 'Canada', site_id: ca.id, root_page_id: caHome.id },
      { iso_code: 'CA', language_code: 'fr-CA', printable_name: 'Canada', site_id: ca.id, root_page_id: caFr.id },
      // The US site has no state list: known by its title; French gets the translation.
      {
        iso_code: 'US',
        language_code: 'en-US',
        printable_name: 'United States',
        site_id: us.id,
        root_page_id: usHome.id,
      },
      { iso_code: 'US', language_code: 'fr-CA', printable_name: 'États-Unis', site_id: us.id, root_page_id: usHome.id },
    ]);
  });
});
