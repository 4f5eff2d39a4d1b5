import { expect } from 'chai';
import request from 'supertest';
import { createPage } from '../../server/modules/pages/service';
import { confirmImport, previewImport } from '../../server/modules/redirects/import-service';
import { normalisePath } from '../../shared/redirects/normalise';
import { reservedPrefixOf } from '../../shared/redirects/reserved-paths';
import type { TestApp } from '../helpers/app';
import { useTestApp, type SignedInAgent } from '../helpers/app-suite';
import { routesOf } from '../helpers/fuzz';

/**
 * Redirect rules against the hostile cases (docs/security.md, "Redirects"): loops through dot
 * segments, backslash targets, old paths under the back office in any spelling, chains, the
 * public lookup's normalisation, and the import applying the same rules row by row.
 */
describe('redirects: normalised before every check, backslashes and reserved paths refused', function () {
  this.timeout(120_000);
  let t: TestApp;
  let agent: SignedInAgent;
  let token: string;
  useTestApp({ signIn: true }, (suite) => ({ t, agent, token } = suite));

  const add = (fields: Record<string, string>) =>
    agent
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
  const fieldError = (html: string, field: string) =>
    new RegExp(`id="id_${field}-error">([^<]*)<`).exec(html)?.[1]?.replace(/&#x27;/g, "'");
  const get = (path: string) => request(t.app).get(path).set('Host', 'localhost:3000');
  const stored = (oldPath: string) =>
    t.db.selectFrom('redirects').select(['old_path', 'redirect_link']).where('old_path', '=', oldPath).execute();

  it('refuses a target that loops back through dot segments, case or encoding', async () => {
    for (const link of [
      '/loop-a/./',
      '/loop-a/.',
      '/loop-a/%2e/',
      '/LOOP-A/x/../',
      '/%6Coop-a/',
      'http://localhost:3000/loop-a/./',
    ]) {
      const res = await add({ old_path: '/loop-a/', redirect_link: link }).expect(400);
      expect(fieldError(res.text, 'redirect_link'), link).to.equal(
        'The link points back at the old path: the redirect would loop.',
      );
    }
    expect(await stored('/loop-a/')).to.deep.equal([]);
  });

  it('refuses chains through dot segments both ways (A to B to A), and stores the target resolved', async () => {
    await add({ old_path: '/chain-a/', redirect_link: '/chain-b/./x/../' }).expect(303);
    expect(await stored('/chain-a/')).to.deep.equal([{ old_path: '/chain-a/', redirect_link: '/chain-b/' }]);
    const back = await add({ old_path: '/chain-b/', redirect_link: '/chain-a/./' }).expect(400);
    expect(fieldError(back.text, 'redirect_link')).to.equal(
      '/chain-a/ already redirects elsewhere: point this redirect at its final address instead (at most one hop).',
    );
    const onward = await add({ old_path: '/chain-b/', redirect_link: 'https://example.com/' }).expect(400);
    expect(fieldError(onward.text, 'old_path')).to.match(/^The redirect from \/chain-a\/ points at \/chain-b\//);
    const into = await add({ old_path: '/chain-z/', redirect_link: '/%63hain-a/' }).expect(400);
    expect(fieldError(into.text, 'redirect_link')).to.match(/^\/chain-a\/ already redirects elsewhere/);
  });

  it('refuses a backslash in the target or the old path, written or as %5C', async () => {
    for (const link of [
      '/\\evil.example/',
      '/%5Cevil.example/',
      '/%5cevil.example/',
      'https://example.com\\@evil.example/',
    ]) {
      const res = await add({ old_path: '/backslash-target/', redirect_link: link }).expect(400);
      expect(fieldError(res.text, 'redirect_link'), link).to.equal(
        'The link must not contain a backslash (\\), written or as %5C.',
      );
    }
    for (const oldPath of ['/a\\b/', '/a%5Cb/']) {
      const res = await add({ old_path: oldPath, redirect_link: 'https://example.com/' }).expect(400);
      expect(fieldError(res.text, 'old_path'), oldPath).to.equal(
        'The path must not contain a backslash (\\), written or as %5C.',
      );
    }
    expect(await stored('/backslash-target/')).to.deep.equal([]);
  });

  it('refuses old paths under the back office and the other paths the application serves, in any spelling', async () => {
    for (const oldPath of [
      '/wagtail/login/',
      '/%77agtail/login/',
      '/%2577agtail/login/',
      '/WAGTAIL/login/',
      '/wagtail%2Flogin/',
      'https://www.example.com/wagtail/',
    ]) {
      const res = await add({ old_path: oldPath, redirect_link: 'https://evil.example/' }).expect(400);
      expect(fieldError(res.text, 'old_path'), oldPath).to.equal(
        'Paths under /wagtail/ belong to the application itself and cannot be redirected.',
      );
    }
    for (const oldPath of ['//wagtail/', '/./wagtail/', '/_util/login/', '/api/ht/', '/static/app.css', '/robots.txt'])
      expect(
        fieldError(
          (await add({ old_path: oldPath, redirect_link: 'https://evil.example/' }).expect(400)).text,
          'old_path',
        ),
        oldPath,
      ).to.be.a('string');
    expect(
      await t.db.selectFrom('redirects').select('id').where('redirect_link', '=', 'https://evil.example/').execute(),
    ).to.deep.equal([]);
  });

  it('looks a request up by the same normalisation: dot segments resolved, escapes decoded once', async () => {
    await add({ old_path: '/dots/', redirect_link: 'https://example.com/dots' }).expect(303);
    for (const path of ['/dots/./', '/x/../dots/', '/dots/%2e/', '/%64ots/', '/DOTS', '/dots/.?utm_source=mail']) {
      const res = await get(path);
      expect(res.status, path).to.equal(301);
      expect(res.headers.location, path).to.equal('https://example.com/dots');
    }
    // Encoded twice is another path ('%64' literally), as it is for the pages.
    expect((await get('/%2564ots/')).status).to.equal(404);
  });

  it('never answers under a reserved path or with a refused link, even from rows made before these rules', async () => {
    // Rows an older version could store, written straight into the table.
    await t.db
      .insertInto('redirects')
      .values([
        {
          old_path: '/wagtail/legacy-login/',
          site_id: null,
          redirect_link: 'https://evil.example/',
          is_permanent: true,
        },
        { old_path: '/legacy-backslash/', site_id: null, redirect_link: '/\\evil.example/', is_permanent: true },
        { old_path: '/legacy-dots/', site_id: null, redirect_link: '/legacy/./menu/', is_permanent: true },
      ] as never)
      .execute();
    for (const path of [
      '/%77agtail/legacy-login/',
      '/%2577agtail/legacy-login/',
      '/WAGTAIL/legacy-login/',
      '//wagtail/legacy-login/',
    ]) {
      const res = await get(path);
      expect(res.headers.location ?? '', path).not.to.include('evil.example');
    }
    expect((await get('/legacy-backslash/')).status).to.equal(404);
    const dots = await get('/legacy-dots/').expect(301);
    expect(dots.headers.location).to.equal('/legacy/menu/');
  });

  it('the import applies the same rules row by row, with a reason for each, and writes only the accepted rows', async () => {
    const user = await t.db.selectFrom('users').select('id').where('is_superuser', '=', true).executeTakeFirstOrThrow();
    const page = await createPage(t.db, {
      parentId: (
        await t.db
          .selectFrom('pages')
          .select('id')
          .where('page_type', '=', 'HomePage')
          .orderBy('path')
          .executeTakeFirstOrThrow()
      ).id,
      pageType: 'ExamplePage',
      title: 'Import target',
      slug: 'import-target',
      content: { body: [] },
      publish: true,
    });
    const rows: Array<[string, string, string]> = [
      ['/imp-loop/', '/imp-loop/./', 'Loop: the target is the old path itself.'],
      ['/imp-loop-2/', '/IMP-LOOP-2/%2e/', 'Loop: the target is the old path itself.'],
      ['/imp-bs/', '/\\evil.example/', 'Bad target: The link must not contain a backslash (\\), written or as %5C.'],
      ['/imp-bs-2/', '/%5Cevil.example/', 'Bad target: The link must not contain a backslash (\\), written or as %5C.'],
      ['/a\\b/', 'https://example.com/', 'Bad path: The path must not contain a backslash (\\), written or as %5C.'],
      [
        '/%77agtail/login/',
        'https://evil.example/',
        'Bad path: Paths under /wagtail/ belong to the application itself and cannot be redirected.',
      ],
      [
        '/WAGTAIL/',
        'https://evil.example/',
        'Bad path: Paths under /wagtail/ belong to the application itself and cannot be redirected.',
      ],
      [
        '/api/imp/',
        'https://evil.example/',
        'Bad path: Paths under /api/ belong to the application itself and cannot be redirected.',
      ],
      ['/imp-dots/../x/', 'https://example.com/', "Bad path: The path must not contain '.' or '..' segments."],
      ['/imp-a/', 'https://example.com/a', ''],
      ['/imp-b/', '/imp-a/./', 'Loop or chain: /imp-a/ already redirects (row 11); point at its final address.'],
      ['/imp-page/', '/import-target/./', ''],
    ];
    const csv = ['from,to', ...rows.map(([from, to]) => `"${from}","${to}"`)].join('\r\n');
    const preview = await previewImport(
      t.db,
      user.id,
      { name: 'rules.csv', bytes: Buffer.from(csv) },
      { siteId: null, isPermanent: true },
    );
    expect(preview.rows.map((row) => [row.from, row.reason])).to.deep.equal(
      rows.map(([from, , reason]) => [from, reason]),
    );
    expect(preview.rows.find((row) => row.from === '/imp-page/')!.redirect).to.include({ pageId: page.id, link: null });
    const result = await confirmImport(t.db, user.id, preview.token);
    expect(result).to.include({ created: 2, skipped: 0 });
    const written = await t.db
      .selectFrom('redirects')
      .select('old_path')
      .where('old_path', 'like', '/imp-%')
      .orderBy('old_path')
      .execute();
    expect(written.map((row) => row.old_path)).to.deep.equal(['/imp-a/', '/imp-page/']);
  });

  it('reserves every path the application routes outside the page tree', () => {
    // Routers that answer for public pages of the tree or the directory (old addresses there may move).
    const PAGE_ROUTES = [
      /^\/blocks\/footer\//,
      /^\/(?:[a-z]{2}\/)?(?:waitlist|reservations)\//,
      /^\/list\//,
      /^\/(?:[^/]+\/)?seafood-restaurants\/locations\//,
    ];
    const uncovered: string[] = [];
    const checked: string[] = [];
    for (const route of routesOf(t.app, ['/wagtail', '/_util', '/api-nc', '/static/altcha'])) {
      if (route.path.startsWith('regex:')) continue;
      const path = route.path.replace(/:[A-Za-z_]+/g, 'x');
      checked.push(path);
      const normalised = normalisePath(path);
      if ('error' in normalised) throw new Error(`${route.path}: ${normalised.error}`);
      if (reservedPrefixOf(normalised.path) === undefined && !PAGE_ROUTES.some((page) => page.test(normalised.path)))
        uncovered.push(route.path);
    }
    expect(checked).to.include.members(['/wagtail/login/', '/_util/login/', '/api/ht/', '/static/altcha/x']);
    expect(uncovered).to.deep.equal([]);
  });
});
