import { expect } from 'chai';
import request from 'supertest';
import { signedInAgent } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';

/**
 * "Which site is this request for" (server/http/site.ts): public pages and the admin API match
 * the same site, also behind a TLS-terminating proxy, and print that site's own origin.
 */

function pageData(html: string): { page: { id: number }; context: { siteUrl: string; siteName: string } } {
  const json = /<script type="application\/json" id="page-data"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('no page-data script');
  return JSON.parse(json) as { page: { id: number }; context: { siteUrl: string; siteName: string } };
}

describe('one request-site resolver', () => {
  describe('https behind a proxy', () => {
    let t: TestApp;
    let caHomeId: number;
    let usHomeId: number;
    before(async function () {
      this.timeout(180_000); // migrating and seeding the whole demo is slow on a busy machine
      t = await createTestApp({ env: { TRUST_PROXY: '1' } });
      // One hostname, two sites: the US site over plain http (port 80, the default site) and the
      // Canada site over https (port 443), as Wagtail allows. Only the scheme tells them apart.
      const us = await t.db
        .updateTable('sites')
        .set({ hostname: 'www.harborline.example', port: 80 })
        .where('hostname', '=', 'localhost')
        .returning('root_page_id')
        .executeTakeFirstOrThrow();
      usHomeId = us.root_page_id;
      const ca = await t.db
        .updateTable('sites')
        .set({ hostname: 'www.harborline.example', port: 443 })
        .where('hostname', '=', 'ca.localhost')
        .returning('root_page_id')
        .executeTakeFirstOrThrow();
      caHomeId = ca.root_page_id;
    });
    after(async () => t.close());

    const viaProxy = (req: request.Test) =>
      req.set('Host', 'www.harborline.example').set('X-Forwarded-Proto', 'https').set('X-Forwarded-For', '203.0.113.9');

    it('serves the https site with https URLs in page data, sitemap and robots', async () => {
      const home = await viaProxy(request(t.app).get('/')).expect(200);
      expect(pageData(home.text).context.siteUrl).to.equal('https://www.harborline.example');
      expect(pageData(home.text).page.id).to.equal(caHomeId);
      const robots = await viaProxy(request(t.app).get('/robots.txt')).expect(200);
      expect(robots.text).to.include('Sitemap: https://www.harborline.example/sitemap.xml');
      const sitemap = await viaProxy(request(t.app).get('/sitemap.xml')).expect(200);
      expect(sitemap.text)
        .to.include('<loc>https://www.harborline.example/</loc>')
        .and.not.include('http://www.harborline.example');
      // The same host over plain http is the other site.
      const plain = await request(t.app).get('/').set('Host', 'www.harborline.example').expect(200);
      expect(pageData(plain.text).context.siteUrl).to.equal('http://www.harborline.example');
    });

    it('gives the admin API the same site as the public pages', async () => {
      const agent = await signedInAgent(t.app);
      const found = await viaProxy(agent.get('/wagtail/api/main/pages/find/?html_path=/')).expect(302);
      expect(found.headers.location).to.equal(`/wagtail/api/main/pages/${caHomeId}/`);
      const detail = await viaProxy(agent.get(`/wagtail/api/main/pages/${caHomeId}/`)).expect(200);
      // A page of the requesting site is a path; the other site's pages are full URLs on their own origin.
      expect(detail.body.meta.html_url).to.equal('/');
      const list = await viaProxy(agent.get('/wagtail/api/main/pages/?child_of=root')).expect(200);
      const urls = new Map(
        (list.body.items as Array<{ id: number; meta: { html_url: string | null } }>).map((item) => [
          item.id,
          item.meta.html_url,
        ]),
      );
      expect(urls.get(caHomeId)).to.equal('/');
      expect(urls.get(usHomeId)).to.equal('http://www.harborline.example/');
    });
  });

  describe('without a trusted proxy', () => {
    let t: TestApp;
    before(async function () {
      this.timeout(180_000); // migrating and seeding the whole demo is slow on a busy machine
      t = await createTestApp({ env: { TRUST_PROXY: '0' } });
    });
    after(async () => t.close());

    it('ignores X-Forwarded-Proto and -Host (the client could have written them)', async () => {
      const home = await request(t.app)
        .get('/')
        .set('Host', 'ca.localhost:3000')
        .set('X-Forwarded-Proto', 'a b')
        .set('X-Forwarded-Host', 'localhost:3000')
        .expect(200);
      expect(pageData(home.text).context.siteUrl).to.equal('http://ca.localhost:3000');
    });
  });
});
