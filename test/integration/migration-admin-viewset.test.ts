import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Migrator, type Kysely } from 'kysely';
import * as adminViewset from '../../migrations/2026_11_23_500000_admin_viewset';
import { migrations } from '../../migrations/index';
import { openDatabase, type DatabaseHandle } from '../../server/db';

/**
 * The viewset migration on a database that already has page-move redirects (tree paths) and
 * header snippets: the redirects become public paths per site, the header flag a site setting.
 */
describe('migration 2026_11_23_500000_admin_viewset on existing data', () => {
  let handle: DatabaseHandle;
  let db: Kysely<any>;

  before(async function () {
    this.timeout(180_000); // every earlier migration on a fresh database: slow on a busy machine
    // The migrations dated before this one only, on an empty database.
    handle = openDatabase({ kind: 'pglite-memory' });
    db = handle.db as unknown as Kysely<any>;
    const earlier = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '2026_11_23_500000'));
    const { error } = await new Migrator({
      db,
      provider: { getMigrations: async () => earlier },
      allowUnorderedMigrations: true,
    }).migrateToLatest();
    if (error) throw error;
  });
  after(async () => handle.close());

  it('rewrites page-move redirects to each site’s public paths and moves the header flag into site settings', async () => {
    const [en, fr] = await db
      .insertInto('locales')
      .values([{ language_code: 'en-CA' }, { language_code: 'fr-CA' }])
      .returning('id')
      .execute();
    const key = randomUUID();
    const page = (values: Record<string, unknown>) =>
      db
        .insertInto('pages')
        .values({ page_type: 'ExamplePage', translation_key: randomUUID(), live: true, ...values })
        .returning('id')
        .executeTakeFirstOrThrow();
    await page({ path: '0001', depth: 1, locale_id: en!.id, title: 'Root', slug: 'root', url_path: '/' });
    const home = await page({
      path: '00010001',
      depth: 2,
      locale_id: en!.id,
      title: 'Home',
      slug: 'ca-home',
      url_path: '/ca-home/',
      translation_key: key,
    });
    await page({
      path: '00010002',
      depth: 2,
      locale_id: fr!.id,
      title: 'Accueil',
      slug: 'ca-home-fr',
      url_path: '/ca-home-fr/',
      translation_key: key,
    });
    const target = await page({
      path: '000100010001',
      depth: 3,
      locale_id: en!.id,
      title: 'Menu',
      slug: 'menu',
      url_path: '/ca-home/menu/',
    });
    const site = await db
      .insertInto('sites')
      .values({ hostname: 'ca.example.com', port: 80, site_name: 'CA', root_page_id: home.id, is_default_site: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('redirects')
      .values([
        { old_path: '/ca-home/Old-Menu/', redirect_page_id: target.id, site_id: null },
        { old_path: '/ca-home-fr/ancien/', redirect_page_id: target.id, site_id: null },
        { old_path: '/elsewhere/old/', redirect_page_id: target.id, site_id: null },
      ])
      .execute();
    await db
      .insertInto('site_snippets')
      .values({ site_id: site.id, language_code: 'en-CA', header: null, footer: null, new_header: true })
      .execute();

    await adminViewset.up(db);

    const rows = await db
      .selectFrom('redirects')
      .select(['old_path', 'site_id', 'redirect_page_id', 'automatically_created', 'version'])
      .orderBy('old_path')
      .execute();
    expect(rows).to.deep.equal([
      {
        old_path: '/fr/ancien/',
        site_id: site.id,
        redirect_page_id: target.id,
        automatically_created: true,
        version: 1,
      },
      {
        old_path: '/old-menu/',
        site_id: site.id,
        redirect_page_id: target.id,
        automatically_created: true,
        version: 1,
      },
    ]);
    const settings = await db.selectFrom('site_settings').select(['site_id', 'model', 'value']).execute();
    expect(settings).to.deep.equal([{ site_id: site.id, model: 'core.sitesettings', value: { new_header: true } }]);
    const root = await db.selectFrom('collections').select(['name', 'depth']).execute();
    expect(root).to.deep.equal([{ name: 'Root', depth: 1 }]);
  });
});
