import { expect } from 'chai';
import request from 'supertest';
import { createApp } from '../../server/app';
import { createLogger } from '../../server/logger';
import { loadAssetManifest } from '../../server/ssr/assets';
import { DEFAULT_MAX_BYTES } from '../../server/cache/install';
import { tableMemoFor, type TableMemo } from '../../server/cache/table-memo';
import { countingDatabase } from '../helpers/query-counter';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/app';
import { updatePage } from '../../server/modules/pages/repo';
import { unpublishPage } from '../../server/modules/pages/lifecycle-service';
import { publishRevision } from '../../server/modules/pages/service';
import { expirePageJob } from '../../server/modules/pages/schedule-service';
import { setPrivacy } from '../../server/modules/privacy/service';

/**
 * What a page cache miss (a request with a cookie, rendered) asks the database. The public
 * site's reads are memoised per process until a write (server/cache/table-memo.ts): a second
 * miss for a published page whose data did not change asks nothing.
 */
describe('a page cache miss', function () {
  let t: TestApp;
  let counter: ReturnType<typeof countingDatabase>;
  let app: ReturnType<typeof createApp>;
  let host: string;
  before(async function () {
    this.timeout(300_000);
    t = await createTestApp();
    counter = countingDatabase(t.db);
    app = createApp({ config: t.config, db: counter.db, logger: createLogger('silent'), assets: loadAssetManifest() });
    const site = await t.db
      .selectFrom('sites')
      .select(['hostname', 'port'])
      .where('is_default_site', '=', true)
      .executeTakeFirstOrThrow();
    host = `${site.hostname}:${site.port}`;
    // The memo keeps nothing until it hears other processes' writes (on PostgreSQL a LISTEN, a
    // round trip away): a first miss rendered before that would not be remembered, and the
    // second would ask again. Wait until it listens (the app's memo: same database handle).
    const memo = tableMemoFor(counter.db) as Partial<Pick<TableMemo, 'listening'>>;
    for (let waited = 0; waited < 10_000 && memo.listening !== true; waited += 10)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(memo.listening, 'the memo listens for writes').to.equal(true);
  });
  after(async () => t?.close());

  const miss = async (path: string) => {
    counter.reset();
    const res = await request(app).get(path).set('Host', host).set('Cookie', 'bench=1');
    return { res, queries: [...counter.queries] };
  };

  for (const [path, expected] of [
    ['/', 0],
    ['/about/', 0],
    ['/block-gallery/', 0],
    ['/locations/', 0],
  ] as const) {
    it(`runs ${expected} queries for ${path} once its data is known`, async () => {
      const first = await miss(path);
      expect(first.res.status).to.equal(200);
      expect(first.queries.length, 'the first miss reads the database').to.be.above(0);
      const second = await miss(path);
      expect(second.res.status).to.equal(200);
      expect(second.res.headers['x-cache']).to.not.equal('HIT');
      expect(second.queries, 'queries of the second miss').to.deep.equal([]);
      const withoutNonces = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');
      expect(withoutNonces(second.res.text), 'the same page as the first miss').to.equal(withoutNonces(first.res.text));
    });
  }

  it('keeps those rows within an eighth of PAGE_CACHE_MB', () => {
    const memo = tableMemoFor(counter.db) as TableMemo;
    expect(memo.maxBytes).to.equal(Math.floor((t.config.pageCacheMaxBytes ?? DEFAULT_MAX_BYTES) / 8));
    expect(memo.bytes).to.be.above(0).and.at.most(memo.maxBytes);
  });

  it('keeps nothing with PAGE_CACHE_MB=0: every miss reads the database', async () => {
    const off = countingDatabase(t.db);
    const offApp = createApp({
      config: { ...t.config, pageCacheMaxBytes: 0 },
      db: off.db,
      logger: createLogger('silent'),
      assets: loadAssetManifest(),
    });
    const memo = tableMemoFor(off.db) as TableMemo;
    for (let waited = 0; waited < 10_000 && !memo.listening; waited += 10)
      await new Promise((resolve) => setTimeout(resolve, 10));
    for (let i = 0; i < 2; i++) {
      off.reset();
      const res = await request(offApp).get('/').set('Host', host).set('Cookie', 'bench=1');
      expect(res.status).to.equal(200);
      expect(off.queries.length, `miss ${i + 1} reads the database`).to.be.above(0);
    }
    expect(memo.bytes).to.equal(0);
  });
});

/** The memo never shows a visitor what was true before a write: publish, unpublish, expiry, privacy. */
describe('a page cache miss after a change', function () {
  let t: TestApp;
  let host: string;
  let userId: number;
  before(async function () {
    this.timeout(300_000);
    t = await createTestApp();
    const site = await t.db
      .selectFrom('sites')
      .select(['hostname', 'port'])
      .where('is_default_site', '=', true)
      .executeTakeFirstOrThrow();
    host = `${site.hostname}:${site.port}`;
    userId = (
      await t.db.selectFrom('users').select('id').where('username', '=', TEST_ADMIN.username).executeTakeFirstOrThrow()
    ).id;
  });
  after(async () => t?.close());

  const miss = (path: string) => request(t.app).get(path).set('Host', host).set('Cookie', 'bench=1');
  /** A live page below the home page, rendered twice (so its reads are memoised). */
  const warmPage = async (urlPath: string) => {
    const page = await t.db
      .selectFrom('pages')
      .selectAll()
      .where('url_path', '=', urlPath)
      .where('live', '=', true)
      .executeTakeFirstOrThrow();
    const path = urlPath.replace(/^\/home/, '');
    for (let i = 0; i < 2; i++) expect((await miss(path)).status).to.equal(200);
    return { page, path };
  };

  it('renders a new title on the next miss', async () => {
    const { page, path } = await warmPage('/home/about/');
    const title = `Our Story ${Date.now()}`;
    await updatePage(t.db, page.id, { title });
    expect((await miss(path)).text).to.include(title);
  });

  it("renders the home page's changed blocks on the next miss (its content's markup is reused only for the content it was made from)", async () => {
    const { page, path } = await warmPage('/home/');
    const stored = page.content as { body: Array<{ type: string; id: string; value: Record<string, unknown> }> };
    const heading = `Oysters Are Back ${Date.now()}`;
    const body = stored.body.map((block) =>
      block.type === 'heading' ? { ...block, value: { ...block.value, text: heading } } : block,
    );
    expect(body, 'the seeded home page has a heading block').to.not.deep.equal(stored.body);
    await updatePage(t.db, page.id, { content: { ...stored, body } });
    const changed = await miss(path);
    expect(changed.text).to.include(heading);
    await updatePage(t.db, page.id, { content: stored });
    expect((await miss(path)).text).to.not.include(heading);
  });

  it('answers 404 once a page is unpublished, and again once it is republished', async () => {
    const { page, path } = await warmPage('/home/fresh-catch-news/');
    await unpublishPage(t.db, page.id, userId, { includeDescendants: false });
    expect((await miss(path)).status).to.equal(404);
    await publishRevision(t.db, page.id, page.live_revision_id!);
    expect((await miss(path)).status).to.equal(200);
  });

  it('answers 404 once a page expires', async () => {
    const { page, path } = await warmPage('/home/contact-us-thanks/');
    await updatePage(t.db, page.id, { expire_at: new Date(Date.now() - 1000) });
    await expirePageJob(t.db, { pageId: page.id });
    expect((await miss(path)).status).to.equal(404);
  });

  it('asks for the password once a page is made private', async () => {
    const { page, path } = await warmPage('/home/block-gallery/');
    await setPrivacy(t.db, page, userId, { restriction_type: 'password', password: 'sesame', groups: [] });
    const answer = await miss(path);
    expect(answer.headers['cache-control']).to.include('no-store');
    expect(answer.text).to.include('/_util/authenticate_with_password/');
    expect(answer.text).to.not.include(page.title);
  });
});
