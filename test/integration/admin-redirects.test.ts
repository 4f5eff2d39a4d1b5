import { expect } from 'chai';
import { sql } from 'kysely';
import request from 'supertest';
import { movePage } from '../../server/modules/pages/move-copy-service';
import { createPage } from '../../server/modules/pages/service';
import { createRedirect } from '../../server/modules/redirects/service';
import { checkOldPath, redirectKey } from '../../shared/redirects/normalise';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';

describe('redirects: normalised paths, the public 404 path, loops and chains, page moves', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInAgent>>;
  let token: string;
  let usHome: number;
  let caSite: number;
  const add = (fields: Record<string, string>) =>
    admin
      .post('/wagtail/redirects/add/')
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        site: '',
        redirect_page: '',
        redirect_link: '',
        is_permanent: 'permanent',
        ...fields,
      });

  before(async function () {
    this.timeout(180_000); // migrating and seeding the whole demo is slow on a busy machine
    t = await createTestApp();
    admin = await signedInAgent(t.app);
    token = csrfTokenIn((await admin.get('/wagtail/redirects/add/').expect(200)).text);
    usHome = (
      await t.db
        .selectFrom('sites')
        .select('root_page_id')
        .where('hostname', '=', 'localhost')
        .executeTakeFirstOrThrow()
    ).root_page_id;
    caSite = (
      await t.db.selectFrom('sites').select('id').where('hostname', '=', 'ca.localhost').executeTakeFirstOrThrow()
    ).id;
  });
  after(async () => t.close());

  it('normalises old paths: host-less, lower-case, one trailing-slash rule, sorted query, no fragment', () => {
    const key = (raw: string, query = false) => {
      const n = checkOldPath(raw);
      if ('error' in n) return n.error;
      return redirectKey(n, query);
    };
    expect(key('https://www.example.com/Old-Menu?b=2&a=1#top')).to.equal('/old-menu/');
    expect(key('https://www.example.com/Old-Menu?b=2&a=1#top', true)).to.equal('/old-menu/?a=1&b=2');
    expect(key('old//menu')).to.equal('/old/menu/');
    expect(key('/Menu.PDF')).to.equal('/menu.pdf');
    expect(key('/caf%C3%A9')).to.equal('/café/');
    expect(key('/')).to.equal('/');
    expect(key('/%E0%A4%A')).to.equal('The path has a broken %-escape.');
    expect(key('//evil.example/x')).to.equal('Enter a path such as /old-page/, without a host.');
    expect(key('javascript:alert(1)')).to.match(/^Enter a path/);
    expect(key(`/${'x'.repeat(300)}`)).to.match(/too long/);
  });

  it('answers an old path with 301 or 302 only when no live page matches, for one site or all', async () => {
    await add({
      old_path: '/Old-Specials',
      redirect_link: 'https://example.com/specials',
      is_permanent: 'temporary',
    }).expect(303);
    await add({ old_path: '/ca-only/', site: String(caSite), redirect_link: '/fr/' }).expect(303);
    const temporary = await request(t.app).get('/old-specials').set('Host', 'localhost:3000').expect(302);
    expect(temporary.headers.location).to.equal('https://example.com/specials');
    // Case, a missing trailing slash and an ignored query string all match.
    await request(t.app).get('/OLD-SPECIALS/?utm_source=mail').set('Host', 'localhost:3000').expect(302);
    await request(t.app).get('/ca-only/').set('Host', 'localhost:3000').expect(404);
    const ca = await request(t.app).get('/ca-only/').set('Host', 'ca.localhost:3000').expect(301);
    expect(ca.headers.location).to.equal('/fr/');
    // A live page at the old path wins over the redirect.
    await createPage(t.db, {
      parentId: usHome,
      pageType: 'ExamplePage',
      title: 'Shadow',
      slug: 'shadowed',
      content: { body: [] },
      publish: true,
    });
    await add({ old_path: '/shadowed/', redirect_link: 'https://example.com/' }).expect(303);
    await request(t.app).get('/shadowed/').set('Host', 'localhost:3000').expect(200);
  });

  it('matches the query string exactly when asked, in any order, before the path-only redirect', async () => {
    await add({
      old_path: '/promo/?code=a&src=x',
      match_query_string: 'on',
      redirect_link: 'https://example.com/promo-a',
    }).expect(303);
    await add({ old_path: '/promo/', redirect_link: 'https://example.com/promo' }).expect(303);
    expect(
      (await request(t.app).get('/promo/?src=x&code=a').set('Host', 'localhost:3000').expect(301)).headers.location,
    ).to.equal('https://example.com/promo-a');
    expect(
      (await request(t.app).get('/promo/?code=b').set('Host', 'localhost:3000').expect(301)).headers.location,
    ).to.equal('https://example.com/promo');
  });

  it('redirects to a page by id or by its path, follows the page when it moves, and skips a page no longer live', async () => {
    const page = await createPage(t.db, {
      parentId: usHome,
      pageType: 'ExamplePage',
      title: 'Lobster rolls',
      slug: 'lobster-rolls',
      content: { body: [] },
      publish: true,
    });
    await add({ old_path: '/rolls/', redirect_page: '/lobster-rolls/' }).expect(303);
    await add({ old_path: '/rolls-by-id/', redirect_page: String(page.id) }).expect(303);
    expect((await request(t.app).get('/rolls/').set('Host', 'localhost:3000').expect(301)).headers.location).to.equal(
      '/lobster-rolls/',
    );
    const missing = await add({ old_path: '/nowhere/', redirect_page: '999999' }).expect(400);
    expect(missing.text).to.include('There is no page with id 999999.');
    const missingPath = await add({ old_path: '/nowhere/', redirect_page: '/no-such-page/' }).expect(400);
    expect(missingPath.text).to.include('No live page answers /no-such-page/ on localhost.');

    const section = await createPage(t.db, {
      parentId: usHome,
      pageType: 'ExamplePage',
      title: 'Seasonal',
      slug: 'seasonal',
      content: { body: [] },
      publish: true,
    });
    const admins = await t.db
      .selectFrom('users')
      .select('id')
      .where('is_superuser', '=', true)
      .executeTakeFirstOrThrow();
    await movePage(t.db, page.id, section.id, admins.id);
    expect((await request(t.app).get('/rolls/').set('Host', 'localhost:3000').expect(301)).headers.location).to.equal(
      '/seasonal/lobster-rolls/',
    );
    // The move left its own redirect, shown in the list as a page move.
    expect(
      (await request(t.app).get('/lobster-rolls/').set('Host', 'localhost:3000').expect(301)).headers.location,
    ).to.equal('/seasonal/lobster-rolls/');
    const list = await admin.get('/wagtail/redirects/?origin=automatic').expect(200);
    expect(list.text).to.include('/lobster-rolls/').and.to.include('Page move');
    const history = await t.db
      .selectFrom('model_log_entries')
      .select('data')
      .where('action', '=', 'create')
      .where('object_str', '=', '/lobster-rolls/')
      .executeTakeFirstOrThrow();
    expect(history.data).to.deep.include({ source: 'page-move' });

    await t.db.updateTable('pages').set({ live: false }).where('id', '=', page.id).execute();
    await request(t.app).get('/rolls-by-id/').set('Host', 'localhost:3000').expect(404);
  });

  it('refuses duplicates, loops and chains longer than one hop, with a clear message on the field', async () => {
    await add({ old_path: '/hop-a/', redirect_link: '/hop-b/' }).expect(303);
    const duplicate = await add({ old_path: '/HOP-A', redirect_link: 'https://example.com/' }).expect(400);
    expect(duplicate.text).to.include('id="id_old_path-error">A redirect from /hop-a/ already exists for all sites.');
    const loop = await add({ old_path: '/self/', redirect_link: 'http://localhost:3000/Self' }).expect(400);
    expect(loop.text).to.include(
      'id="id_redirect_link-error">The link points back at the old path: the redirect would loop.',
    );
    const onward = await add({ old_path: '/hop-z/', redirect_link: '/hop-a/' }).expect(400);
    expect(onward.text).to.include(
      '/hop-a/ already redirects elsewhere: point this redirect at its final address instead (at most one hop).',
    );
    const incoming = await add({ old_path: '/hop-b/', redirect_link: 'https://example.com/final' }).expect(400);
    expect(incoming.text).to.include(
      'The redirect from /hop-a/ points at /hop-b/: a redirect here would make a chain of two hops.',
    );
    const both = await add({
      old_path: '/both/',
      redirect_page: String(usHome),
      redirect_link: 'https://example.com/',
    }).expect(400);
    expect(both.text).to.include('Redirect to a page or to a link, not both.');
    const neither = await add({ old_path: '/neither/' }).expect(400);
    expect(neither.text).to.include('Choose a page or enter a link to redirect to.');
    // The same old path for one site is another redirect, and wins on that site.
    await add({ old_path: '/hop-a/', site: String(caSite), redirect_link: 'https://example.com/ca' }).expect(303);
    expect(
      (await request(t.app).get('/hop-a/').set('Host', 'ca.localhost:3000').expect(301)).headers.location,
    ).to.equal('https://example.com/ca');
    expect((await request(t.app).get('/hop-a/').set('Host', 'localhost:3000').expect(301)).headers.location).to.equal(
      '/hop-b/',
    );
    await createRedirect(t.db, {
      oldPath: '/site-specific/',
      siteId: caSite,
      page: '',
      link: 'https://example.com/',
      isPermanent: true,
      matchQueryString: false,
    });
    await add({ old_path: '/site-specific/', redirect_link: 'https://example.com/all' }).expect(303);
  });

  it('looks redirects up through the unique (site, old path) index', async () => {
    // With sequential scans off, the lookup's conditions must be answerable from the index.
    const plan = await t.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return sql<{
        'QUERY PLAN': string;
      }>`explain select * from redirects r where coalesce(r.site_id, 0) in (1, 0) and r.old_path in ('/x/', '/x/?a=1')`.execute(
        trx,
      );
    });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).to.include('redirects_site_old_path_idx');
  });
});
