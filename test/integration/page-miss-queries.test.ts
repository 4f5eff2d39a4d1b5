import { expect } from 'chai';
import request from 'supertest';
import { createApp } from '../../server/app';
import { createLogger } from '../../server/logger';
import { loadAssetManifest } from '../../server/ssr/assets';
import { countingDatabase } from '../helpers/query-counter';
import { createTestApp, type TestApp } from '../helpers/app';

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
    const site = await t.db.selectFrom('sites').select(['hostname', 'port']).where('is_default_site', '=', true).executeTakeFirstOrThrow();
    host = `${site.hostname}:${site.port}`;
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
});
