import http from 'node:http';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { expect } from 'chai';
import { sql } from 'kysely';
import request from 'supertest';
import { PAGE_CACHE_CHANNEL } from '../../server/cache/dependencies';
import type { PageCache } from '../../server/cache/page-cache';
import { eventBusFor } from '../../server/events';
import { nearbyLocations } from '../../server/modules/locations/service';
import { findLivePage, updatePage } from '../../server/modules/pages/repo';
import { setPrivacy } from '../../server/modules/privacy/service';
import { pickerSuffix } from '../../shared/locations/picker-text';
import { listen, type TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';
import { waitFor } from '../helpers/server-process';

const HOST = 'localhost:3000';
const cacheOf = (t: TestApp) => t.app.locals.pageCache as PageCache;
const triggerText = (html: string) => /class="location-picker__text">([^<]*)</.exec(html)?.[1]?.replace(/&amp;/g, '&');
const nonces = (html: string) => [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
const pageData = (html: string) =>
  JSON.parse(/<script type="application\/json" id="page-data"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!);

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };
/** An answer's bytes as sent (supertest would decode them). */
async function raw(t: TestApp, path: string, headers: Record<string, string>): Promise<Raw> {
  const server = await listen(t.app);
  try {
    return await new Promise<Raw>((resolve, reject) => {
      http
        .get(`${server.baseUrl}${path}`, { headers: { Host: HOST, ...headers }, agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    });
  } finally {
    await server.close();
  }
}

describe('page cache', () => {
  let t: TestApp;
  // A write invalidates again once it has settled (a second later in production): here, when the
  // test says so (config.pageCacheSettle).
  const unsettled: Array<() => void> = [];
  const settle = () => unsettled.splice(0).forEach((again) => again());
  useTestApp({ config: { pageCacheSettle: (again) => unsettled.push(again) } }, (suite) => ({ t } = suite));
  // Each test starts after the previous one's writes have settled, their NOTIFY heard included.
  beforeEach(async () => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    settle();
    cacheOf(t).flush();
  });

  it('invalidates what a write touched once more when it has settled (an answer built before its commit goes too)', async () => {
    const page = (await findLivePage(t.db, '/home/about/', '0001'))!;
    // The write's NOTIFY, which the app hears too (and which evicts once more), is awaited first.
    let heard = () => {};
    const announced = new Promise<void>((resolve) => (heard = resolve));
    const unsubscribe = await eventBusFor(t.db).subscribe(
      PAGE_CACHE_CHANNEL,
      (payload) => (payload === '*' || payload.includes('"pages"')) && heard(),
      () => heard(),
    );
    await updatePage(t.db, page.id, { title: 'Our Story, Settling' });
    try {
      await checkSettling(announced, unsubscribe);
    } finally {
      // The next tests read the page's own title.
      await updatePage(t.db, page.id, { title: 'Our Story' });
    }
  });

  async function checkSettling(announced: Promise<void>, unsubscribe: () => void): Promise<void> {
    await announced;
    unsubscribe();
    // On PostgreSQL the write's NOTIFY may reach the app's own listener a little after the test's,
    // evicting an answer built in between: build until an answer stays (a hit), then settle.
    let built = await request(t.app).get('/about/').set('Host', HOST).expect(200);
    for (let tries = 0; built.headers['x-cache'] !== 'HIT' && tries < 40; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      built = await request(t.app).get('/about/').set('Host', HOST).expect(200);
    }
    expect(built.headers['x-cache'], 'cached before the write settled').to.equal('HIT');
    expect(built.text).to.include('Our Story, Settling');
    settle();
    const again = await request(t.app).get('/about/').set('Host', HOST).expect(200);
    expect(again.headers['x-cache'], 'dropped once the write settled').to.equal('MISS');
    expect(again.text).to.include('Our Story, Settling');
    settle();
    const untouched = await request(t.app).get('/about/').set('Host', HOST).expect(200);
    expect(untouched.headers['x-cache'], 'kept when nothing was written').to.equal('HIT');
  }

  it('answers the second anonymous GET from the cache with a fresh nonce that matches its CSP', async () => {
    const first = await request(t.app).get('/about/').set('Host', HOST).expect(200);
    expect(first.headers['x-cache']).to.equal('MISS');
    const second = await request(t.app).get('/about/').set('Host', HOST).expect(200);
    expect(second.headers['x-cache']).to.equal('HIT');
    const seen = new Set<string>();
    for (const res of [first, second]) {
      const inPage = new Set(nonces(res.text));
      expect(inPage.size, 'one nonce per page').to.equal(1);
      const [nonce] = [...inPage];
      expect(res.headers['content-security-policy']).to.include(`'nonce-${nonce}'`);
      expect(/script-src[^;]*/.exec(res.headers['content-security-policy'] as string)![0]).not.to.include(
        'unsafe-inline',
      );
      seen.add(nonce!);
    }
    expect(seen.size, 'each answer has its own nonce').to.equal(2);
    expect(second.text.replaceAll(nonces(second.text)[0]!, 'N')).to.equal(
      first.text.replaceAll(nonces(first.text)[0]!, 'N'),
    );
    expect(second.headers['cache-control']).to.match(/public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+/);
    expect(second.headers['surrogate-key'])
      .to.match(/\bpage-\d+\b/)
      .and.match(/\bt-pages\b/);
    const tableKeys = (second.headers['surrogate-key'] as string)
      .split(' ')
      .filter((key) => key.startsWith('t-'))
      .map((key) => key.slice(2));
    const tables = await sql<{
      name: string;
    }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(t.db);
    const real = new Set(tables.rows.map((row) => row.name));
    expect(
      tableKeys.filter((name) => !real.has(name)),
      'table keys name tables, not query aliases',
    ).to.deep.equal([]);
    expect(second.headers.vary).to.match(/Accept-Encoding/);
  });

  it('sends gzip and brotli by Accept-Encoding, spliced around the nonce, and 304 to a matching If-None-Match', async () => {
    await request(t.app).get('/about/').set('Host', HOST).expect(200);
    const plain = await raw(t, '/about/', { 'Accept-Encoding': 'identity' });
    const gz = await raw(t, '/about/', { 'Accept-Encoding': 'gzip, deflate' });
    expect(gz.headers['x-cache']).to.equal('HIT');
    expect(gz.headers['content-encoding']).to.equal('gzip');
    const html = gunzipSync(gz.body).toString();
    expect(html).to.include('<title>Our Story</title>');
    expect(Buffer.byteLength(html)).to.equal(plain.body.length);
    expect(gz.body.length).to.be.below(plain.body.length / 2);
    expect(gz.headers['content-security-policy']).to.include(`'nonce-${nonces(html)[0]}'`);

    // brotli once it is made (on the thread pool, after the miss): the nonce written into its uncompressed tail.
    let br = await raw(t, '/about/', { 'Accept-Encoding': 'gzip, deflate, br' });
    for (let tries = 0; br.headers['content-encoding'] !== 'br' && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      br = await raw(t, '/about/', { 'Accept-Encoding': 'gzip, deflate, br' });
    }
    expect(br.headers['content-encoding']).to.equal('br');
    const unbrotlied = brotliDecompressSync(br.body).toString();
    expect(Buffer.byteLength(unbrotlied)).to.equal(plain.body.length);
    expect(nonces(unbrotlied)).to.have.length(1);
    expect(br.headers['content-security-policy']).to.include(`'nonce-${nonces(unbrotlied)[0]}'`);
    expect(nonces(unbrotlied)[0]).not.to.equal(nonces(html)[0]);
    expect(unbrotlied.replace(nonces(unbrotlied)[0]!, 'N')).to.equal(html.replace(nonces(html)[0]!, 'N'));
    expect(br.body.length).to.be.below(gz.body.length);

    const etag = plain.headers.etag as string;
    expect(etag).to.match(/^"[\w-]+"$/);
    const revalidated = await request(t.app)
      .get('/about/')
      .set('Host', HOST)
      .set('Accept-Encoding', 'identity')
      .set('If-None-Match', `"nope", ${etag}`)
      .expect(304);
    expect(revalidated.headers['content-security-policy'], 'a 304 keeps the stored copy and its CSP').to.equal(
      undefined,
    );
    await request(t.app)
      .get('/about/')
      .set('Host', HOST)
      .set('If-None-Match', `"x${'y'.repeat(5000)}"`)
      .expect(200);

    // JSON has no nonce: brotli is made once and sent as it is.
    await request(t.app).get('/robots.txt').set('Host', HOST);
    const sitemap = await raw(t, '/sitemap.xml', { 'Accept-Encoding': 'br' });
    if (sitemap.headers['content-encoding'] === 'br')
      expect(brotliDecompressSync(sitemap.body).toString()).to.include('<urlset');
  });

  it('shows a publish at once, and a page made private is never served from the cache', async () => {
    await request(t.app).get('/about/').set('Host', HOST).expect(200);
    const hit = await request(t.app).get('/about/').set('Host', HOST).expect(200);
    expect(hit.headers['x-cache']).to.equal('HIT');
    const page = (await findLivePage(t.db, '/home/about/', '0001'))!;
    await updatePage(t.db, page.id, { title: 'Our Story, Retold' });
    const after = await request(t.app).get('/about/').set('Host', HOST).expect(200);
    expect(after.text).to.include('Our Story, Retold');

    await setPrivacy(t.db, page, 1, { restriction_type: 'password', password: 'secret-pass-1', groups: [] });
    for (let i = 0; i < 3; i++) {
      const res = await request(t.app).get('/about/').set('Host', HOST);
      expect(res.headers['x-cache']).not.to.equal('HIT');
      expect(res.text).not.to.include('Our Story, Retold</h1>');
      expect(res.headers['cache-control']).to.include('no-store');
    }
    expect(cacheOf(t).size, 'nothing stored for the private page').to.equal(0);
    await setPrivacy(t.db, page, 1, { restriction_type: 'none', password: '', groups: [] });
    await updatePage(t.db, page.id, { title: 'Our Story' });
    // The change's own NOTIFY may arrive after the next render was stored and evict it once more (a
    // MISS, never stale content), so the entry is expected back within a moment, not on the next GET.
    await waitFor(
      async () => (await request(t.app).get('/about/').set('Host', HOST)).headers['x-cache'] === 'HIT',
      5_000,
      'the public page to be cached again',
    );
  });

  it('gives two visitors with different li cookies their own trigger text from one cached page', async () => {
    const { locations } = await nearbyLocations(t.db, {
      latitude: 28.5383,
      longitude: -81.3792,
      radius: 500,
      limit: 2,
    });
    const [a, b] = locations.map((entry) => entry.location);
    expect(a, 'a seeded restaurant').to.not.equal(undefined);
    expect(b, 'another seeded restaurant').to.not.equal(undefined);
    const cold = await request(t.app).get('/').set('Host', HOST).set('Cookie', `li=${a!.rlid}`).expect(200);
    expect(cold.headers['x-cache']).to.equal('MISS');
    expect(triggerText(cold.text)).to.equal(`${a!.city}, ${a!.state} ${pickerSuffix(a!)}`);
    for (const location of [a!, b!]) {
      const res = await request(t.app).get('/').set('Host', HOST).set('Cookie', `li=${location.rlid}`).expect(200);
      expect(res.headers['x-cache']).to.equal('HIT');
      expect(triggerText(res.text)).to.equal(`${location.city}, ${location.state} ${pickerSuffix(location)}`);
      expect(res.text).to.include(`data-saved-rlid="${location.rlid}"`);
      expect(pageData(res.text).context.locationPicker.preferredLocation).to.deep.equal(location);
      const gz = await raw(t, '/', { Cookie: `li=${location.rlid}`, 'Accept-Encoding': 'gzip' });
      expect(triggerText(gunzipSync(gz.body).toString())).to.equal(triggerText(res.text));
    }
    const none = await request(t.app).get('/').set('Host', HOST).expect(200);
    expect(triggerText(none.text)).to.equal('Find A Location Near You');
    expect(pageData(none.text).context.locationPicker.preferredLocation).to.equal(null);
    const unknown = await request(t.app).get('/').set('Host', HOST).set('Cookie', 'li=999999999').expect(200);
    expect(triggerText(unknown.text)).to.equal('Find A Location Near You');
  });

  it("keeps the visitor's saved location in an answer it does not store (a host that names no site)", async () => {
    const { locations } = await nearbyLocations(t.db, {
      latitude: 28.5383,
      longitude: -81.3792,
      radius: 500,
      limit: 1,
    });
    const saved = locations[0]!.location;
    for (let i = 0; i < 2; i++) {
      const res = await request(t.app)
        .get('/')
        .set('Host', '127.0.0.1:9')
        .set('Cookie', `li=${saved.rlid}`)
        .expect(200);
      expect(res.headers['x-cache'], 'the default site answers an unknown host, unstored').to.equal(undefined);
      expect(triggerText(res.text)).to.equal(`${saved.city}, ${saved.state} ${pickerSuffix(saved)}`);
      expect(res.text).to.include(`data-saved-rlid="${saved.rlid}"`);
      expect(pageData(res.text).context.locationPicker.preferredLocation).to.deep.equal(saved);
    }
  });

  it('never answers a request with another cookie from the cache, nor stores its answer', async () => {
    await request(t.app).get('/about/').set('Host', HOST).expect(200);
    const withSession = await request(t.app)
      .get('/about/')
      .set('Host', HOST)
      .set('Cookie', 'sessionid=abc')
      .expect(200);
    expect(withSession.headers['x-cache']).to.equal(undefined);
    const head = await request(t.app).head('/about/').set('Host', HOST).expect(200);
    expect(head.headers['x-cache']).to.equal('HIT');
    await request(t.app).post('/about/').set('Host', HOST).send('x=1');
    expect(cacheOf(t).size).to.equal(1);
  });

  it('sends the whole body of a page whose session is saved after it renders (a form page), and does not store it', async () => {
    // express-session writes its headers only once the body has ended; the held body must wait for them.
    for (let i = 0; i < 2; i++) {
      const page = await request(t.app).get('/contact-us/').set('Host', HOST).expect(200);
      expect(page.headers['set-cookie']?.[0]).to.match(/^sessionid=/);
      expect(page.text).to.include('</html>');
      expect(Number(page.headers['content-length'])).to.equal(Buffer.byteLength(page.text));
      expect(page.headers['x-cache']).to.equal(undefined);
    }
    expect(cacheOf(t).size).to.equal(0);
  });

  it('keeps odd Host, query, Accept-Encoding and If-None-Match values from growing or poisoning the cache', async () => {
    const cache = cacheOf(t);
    await request(t.app).get('/about/').set('Host', HOST).expect(200);
    expect(cache.size).to.equal(1);
    for (let i = 0; i < 20; i++) {
      await request(t.app).get(`/about/?utm_source=${i}`).set('Host', HOST).expect(200);
      await request(t.app).get('/about/').set('Host', `evil${i}.example`);
      await request(t.app)
        .get('/about/')
        .set('Host', HOST)
        .set('Accept-Encoding', `${'x'.repeat(3000)}, gzip;q=0, br;q=0.${i}`);
    }
    expect(cache.size, 'no entry per query, host or header value').to.equal(1);
    const clean = await request(t.app).get('/about/').set('Host', HOST).expect(200);
    expect(clean.headers['x-cache']).to.equal('HIT');
    expect(clean.text).to.include('<title>Our Story</title>');
    // A flood of unknown paths (404s) is held in its own small part and cannot evict pages.
    for (let i = 0; i < 30; i++) await request(t.app).get(`/no-such-${i}/`).set('Host', HOST).expect(404);
    expect((await request(t.app).get('/about/').set('Host', HOST)).headers['x-cache']).to.equal('HIT');
  });

  it('caches the location APIs under their own parameters only; anything else still reaches the route', async () => {
    await request(t.app).get('/').set('Host', HOST).expect(200); // the host is known once a page named it
    const url = '/api/location/getlocations/?latitude=28.5383&longitude=-81.3792&limit=5';
    const first = await request(t.app).get(url).set('Host', HOST).expect(200);
    const second = await request(t.app).get(url).set('Host', HOST).expect(200);
    expect(second.headers['x-cache']).to.equal('HIT');
    expect(second.body).to.deep.equal(first.body);
    const reordered = await request(t.app)
      .get('/api/location/getlocations/?limit=5&longitude=-81.3792&latitude=28.5383')
      .set('Host', HOST)
      .expect(200);
    expect(reordered.headers['x-cache']).to.equal('HIT');
    await request(t.app).get(`${url}&utm_source=x`).set('Host', HOST).expect(400);
    await request(t.app).get(`${url}&limit=6`).set('Host', HOST).expect(400);
    const size = cacheOf(t).size;
    for (let i = 0; i < 5; i++)
      await request(t.app)
        .get(`${url}&radius=${i + 1}`)
        .set('Host', HOST)
        .expect(200);
    expect(cacheOf(t).size).to.equal(size + 5);
    expect(
      (await request(t.app).get('/').set('Host', HOST)).headers['x-cache'],
      'query entries live apart from pages',
    ).to.equal('HIT');
  });

  it('serves build assets precompressed by negotiation', async () => {
    const home = await request(t.app).get('/').set('Host', HOST).expect(200);
    const script = /<script type="module" src="([^"]+)"|<link rel="modulepreload" href="([^"]+)"/.exec(home.text);
    const stylesheet = /<link rel="stylesheet" href="(\/static\/assets\/[^"]+)"/.exec(home.text)![1]!;
    const plain = await raw(t, stylesheet, {});
    const br = await raw(t, stylesheet, { 'Accept-Encoding': 'gzip, br' });
    expect(br.status).to.equal(200);
    expect(plain.headers.vary).to.equal('Accept-Encoding');
    expect(br.headers['content-encoding']).to.equal('br');
    {
      const decoded = br.headers['content-encoding'] === 'br' ? brotliDecompressSync(br.body) : gunzipSync(br.body);
      expect(decoded.equals(plain.body)).to.equal(true);
    }
    expect(br.headers['cache-control']).to.include('immutable');
    expect(script).to.not.equal(null);
    await request(t.app)
      .get('/static/assets/../../package.json')
      .expect((res) => expect(res.status).to.be.oneOf([400, 403, 404]));
  });
});
