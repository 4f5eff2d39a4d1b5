import { expect } from 'chai';
import type { Express } from 'express';
import request from 'supertest';
import { createApp } from '../../server/app';
import { loadAssetManifest } from '../../server/ssr/assets';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';
import { signedInAgent } from '../helpers/admin';

describe('location cache flush and SEO utility routes', () => {
  let t: TestApp;
  let second: Express;
  useTestApp({}, (suite) => ({ t } = suite));
  before(async () => {
    // A second "dyno": its own app and cache on the same database.
    second = createApp({ config: t.config, db: t.db, logger: t.logger, assets: loadAssetManifest() });
  });

  it('refuses anonymous callers (401) and staff without a CSRF token (403), with and without the slash', async () => {
    const anonymous = await request(t.app).post('/api/location/flush/').expect(401);
    expect(anonymous.body.error.code).to.equal('not_authenticated');
    await request(t.app).post('/api/location/flush').expect(401);
    const agent = await signedInAgent(t.app);
    const noToken = await agent.post('/api/location/flush/').expect(403);
    expect(noToken.body.error).to.not.equal(undefined);
  });

  it('clears the cached state directory on another app instance sharing the database', async () => {
    const before = await request(second).get('/locations/').expect(200);
    expect(before.text).to.include('>Orlando<');
    await t.db
      .updateTable('locations')
      .set({ city: 'Orlandoville' })
      .where('city', '=', 'Orlando')
      .where('state', '=', 'FL')
      .execute();
    // Cached: the second instance still shows the old name.
    expect((await request(second).get('/locations/').expect(200)).text).to.include('>Orlando<');

    const agent = await signedInAgent(t.app);
    const { body } = await agent.get('/api-nc/csrftoken/').expect(200);
    const flushed = await agent.post('/api/location/flush').set('X-CSRFToken', body.csrf_token).expect(200);
    expect(flushed.body).to.deep.equal({ flushed: true });

    // The NOTIFY reaches the other instance asynchronously (a separate connection on PostgreSQL).
    let text = '';
    for (let attempt = 0; attempt < 40 && !text.includes('>Orlandoville<'); attempt++) {
      text = (await request(second).get('/locations/').expect(200)).text;
      if (!text.includes('>Orlandoville<')) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(text).to.include('>Orlandoville<');
    await t.db.updateTable('locations').set({ city: 'Orlando' }).where('city', '=', 'Orlandoville').execute();
  });

  it('serves a well-formed sitemap of pages and directory URLs on the requesting origin', async () => {
    for (const path of ['/sitemap.xml', '/sitemap/sitemap.xml']) {
      const res = await request(t.app)
        .get(path)
        .set('Host', 'localhost:3000')
        .expect(200)
        .expect('Content-Type', /application\/xml/);
      expect(res.text).to.match(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
      );
      expect(res.text.trimEnd().endsWith('</urlset>')).to.equal(true);
      const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(new Set(locs).size).to.equal(locs.length);
      expect(locs).to.include('http://localhost:3000/locations/');
      expect(locs).to.include('http://localhost:3000/locations/list/florida/orlando/');
      expect(
        locs.some((loc) => /^http:\/\/localhost:3000\/locations\/list\/florida\/orlando\/[a-z0-9-]+\/$/.test(loc)),
      ).to.equal(true);
      expect(locs.every((loc) => loc.startsWith('http://localhost:3000/'))).to.equal(true);
      expect(res.text).to.not.include('/error-pages/404/');
      expect(res.text).to.match(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
      // Balanced tags: every <url> closes.
      expect(res.text.split('<url>').length).to.equal(res.text.split('</url>').length);
    }
  });

  it('leaves out pages that ask not to be indexed, by their page type or by their own robots field', async () => {
    const sitemap = async () => {
      const res = await request(t.app).get('/sitemap.xml').set('Host', 'localhost:3000').expect(200);
      return [...res.text.matchAll(/<loc>http:\/\/localhost:3000([^<]+)<\/loc>/g)].map((m) => m[1]!);
    };
    const before = await sitemap();
    // The contact landing page's type forces noindex; the gallery and unsubscribe pages set it in their field.
    expect(before).to.not.include.members(['/contact-us-thanks/', '/block-gallery/', '/unsubscribe/']);
    expect(before).to.include.members(['/', '/fresh-catch-news/', '/catering/']);
    const changed = await t.db
      .selectFrom('pages')
      .select(['id', 'url_path', 'robots'])
      .where((eb) => eb.or([eb('url_path', 'like', '%/contact-us-thanks/'), eb('url_path', 'like', '%/catering/')]))
      .execute();
    expect(changed.map((page) => page.url_path.split('/').at(-2)).sort()).to.include.members([
      'catering',
      'contact-us-thanks',
    ]);
    try {
      for (const page of changed) {
        const robots = page.url_path.endsWith('/catering/') ? 'noindex, follow' : 'index, follow';
        await t.db.updateTable('pages').set({ robots }).where('id', '=', page.id).execute();
      }
      const after = await sitemap();
      expect(after).to.not.include('/contact-us-thanks/');
      expect(after).to.not.include('/catering/');
      expect(after).to.include('/fresh-catch-news/');
    } finally {
      for (const page of changed)
        await t.db.updateTable('pages').set({ robots: page.robots }).where('id', '=', page.id).execute();
    }
  });

  it('gives ca.localhost its own pages and origin', async () => {
    const res = await request(t.app).get('/sitemap.xml').set('Host', 'ca.localhost:3000').expect(200);
    const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs.every((loc) => loc.startsWith('http://ca.localhost:3000/'))).to.equal(true);
    expect(locs.some((loc) => loc.includes('/locations/list/ontario/'))).to.equal(true);
    expect(locs.some((loc) => loc.includes('/list/florida/'))).to.equal(false);
  });

  it('serves robots.txt and security.txt', async () => {
    const robots = await request(t.app)
      .get('/robots.txt')
      .set('Host', 'ca.localhost:3000')
      .expect(200)
      .expect('Content-Type', /text\/plain/);
    expect(robots.text).to.include('Disallow: /wagtail/');
    expect(robots.text).to.include('Sitemap: http://ca.localhost:3000/sitemap.xml');
    const security = await request(t.app).get('/.well-known/security.txt').set('Host', 'localhost:3000').expect(200);
    expect(security.text).to.match(/^Contact: mailto:security@localhost$/m);
    const expires = /^Expires: (\S+)$/m.exec(security.text)?.[1];
    const days = (Date.parse(expires!) - Date.now()) / 86_400_000;
    expect(days).to.be.within(364, 366);
  });
});
