import { expect } from 'chai';
import request from 'supertest';
import { createPage } from '../../server/modules/pages/service';
import { findLivePage } from '../../server/modules/pages/repo';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

function pageData(html: string) {
  const match = /<script type="application\/json" id="page-data"[^>]*>(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no page-data script');
  return JSON.parse(match[1]!);
}

describe('public pages', () => {
  let t: TestApp;
  useTestApp({}, (suite) => ({ t } = suite));

  it('server-renders the home page with its page data', async () => {
    const res = await request(t.app).get('/').set('Host', 'localhost:3000').expect(200);
    expect(res.headers['content-type']).to.match(/text\/html/);
    expect(res.text).to.include('id="mainContent"');
    expect(res.text).to.include('Seafood Worth the Trip');
    expect(res.text).to.include('<title>Harborline Seafood | Fresh Seafood Restaurants</title>');
    const data = pageData(res.text);
    expect(data.template).to.equal('HomePage');
    expect(data.context).to.include({ languageCode: 'en-US', commitId: 'test-commit', branch: 'test-branch' });
    expect(data.context.catalog).to.be.an('array');
    expect(data.page.content.body).to.have.length(10);
  });

  it('takes the title from seo_title, else the title, and prints description and robots when set', async () => {
    const story = await request(t.app).get('/about/').expect(200);
    expect(story.text).to.include('<title>Our Story</title>');
    expect(story.text).to.include('<meta name="description" content="How a dockside fish shack');
    expect(story.text).not.to.include('name="robots"');
    const notFound = await request(t.app).get('/error-pages/404/').expect(404);
    expect(notFound.text).to.include('<meta name="robots" content="noindex"/>');
  });

  it("loads the first image-bearing block's images eagerly, every later image lazily, and the press list's first image eagerly", async () => {
    const gallery = await request(t.app).get('/block-gallery/').set('Host', 'localhost:3000').expect(200);
    const imgs = [...gallery.text.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    expect(imgs.length).to.be.greaterThan(3);
    const eager = imgs.filter((img) => img.includes('loading="eager"'));
    // The gallery's first image-bearing block is the accordion feature (heading, rich text and hero hold none).
    expect(eager.length).to.be.greaterThan(0);
    expect(eager[0]).to.include('block-accordion-feature__image');
    expect(imgs.indexOf(eager[0]!)).to.equal(0);
    // Later blocks' images stay lazy, the two-column hero 35 blocks down included.
    expect(eager).to.have.length(1);
    expect(imgs.filter((img) => img.includes('loading="lazy"')).length).to.be.greaterThan(imgs.length / 2);
    const press = await request(t.app).get('/press/releases/').set('Host', 'localhost:3000').expect(200);
    const pressImgs = [...press.text.matchAll(/<img [^>]*class="press-articles__image"[^>]*>/g)].map((m) => m[0]);
    expect(pressImgs.length).to.be.greaterThan(1);
    expect(pressImgs[0]).to.include('loading="eager"');
    expect(pressImgs.slice(1).every((img) => img.includes('loading="lazy"'))).to.equal(true);
  });

  it('answers unknown paths and the 404 page itself with the not-found template and status 404', async () => {
    for (const path of ['/no/such/page/', '/error-pages/404/', '/about/extra']) {
      const res = await request(t.app).get(path).expect(404);
      expect(res.text).to.include('The page you are looking for does not exist, sorry.');
      expect(res.text).to.match(/<a class="button button--primary" href="\/">Return to Homepage<\/a>/);
      expect(pageData(res.text).template).to.equal('Error404');
    }
  });

  it('serves the Canada site by host, with French under /fr/ and only the catalog entries used', async () => {
    const en = await request(t.app).get('/').set('Host', 'ca.localhost:3000').expect(200);
    expect(en.text).to.include('Fresh Seafood, Coast to Coast');
    expect(en.text).to.include('hrefLang="fr-CA" href="http://ca.localhost:3000/fr/"');
    const fr = await request(t.app).get('/fr/').set('Host', 'ca.localhost:3000').expect(200);
    expect(fr.text).to.include('<html lang="fr-CA">');
    expect(fr.text).to.include('Connexion');
    const catalog = pageData(fr.text).context.catalog as Array<{ key: string }>;
    expect(catalog.map((e) => e.key)).to.include('Log In');
    expect(catalog.map((e) => e.key)).not.to.include('Return to Homepage');
    const frMissing = await request(t.app).get('/fr/nulle-part/').set('Host', 'ca.localhost:3000').expect(404);
    expect(frMissing.text).to.include('La page que vous cherchez n&#x27;existe pas, désolé.');
  });

  it('gives unknown hosts the default site', async () => {
    const res = await request(t.app).get('/').set('Host', 'unknown.example:8080').expect(200);
    expect(res.text).to.include('Seafood Worth the Trip');
  });

  it('answers HEAD wherever GET works', async () => {
    const res = await request(t.app).head('/about/').expect(200);
    expect(res.headers['content-type']).to.match(/text\/html/);
    await request(t.app).head('/api/ht/').expect(200);
  });

  it('rejects malformed percent-encoding with 400 and over-long paths with 414', async () => {
    await request(t.app).get('/%E0%A4%A').expect(400);
    await request(t.app)
      .get(`/${'a'.repeat(2100)}/`)
      .expect(414);
  });

  it('sends a nonce-based CSP and never unsafe-inline for scripts', async () => {
    const res = await request(t.app).get('/').expect(200);
    const csp = String(res.headers['content-security-policy']);
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).to.be.a('string');
    expect(csp).not.to.match(/script-src[^;]*unsafe-inline/);
    expect(res.text).to.include(`<script type="module" src="/static/assets/hydrate-`);
    expect(res.text).to.include(`nonce="${nonce}"`);
    // One nonce, at the very end (the element React Aria gets it from), so a cached page's brotli answer is
    // compressed once up to it (server/cache/brotli-tail.ts): the entry script and its preload are
    // allowed by 'self', the page data is never run.
    expect(res.text.split('nonce=').length - 1).to.equal(1);
    expect(res.text).to.match(
      /<\/script><div id="csp-nonce" hidden="" nonce="[^"]+"><\/div><script type="module" src="\/static\/assets\/hydrate-[^"]+"[^>]*><\/script><\/body><\/html>$/,
    );
  });

  it('serves hashed assets with long immutable caching', async () => {
    const home = await request(t.app).get('/');
    const asset = /src="(\/static\/assets\/hydrate-[^"]+)"/.exec(home.text)![1]!;
    const res = await request(t.app).get(asset).expect(200);
    expect(res.headers['cache-control']).to.include('immutable');
    await request(t.app).get('/static/assets/nope-123.js').expect(404);
  });

  it('redirects a redirect page to its target', async () => {
    await request(t.app).get('/error-pages/').expect(302).expect('Location', '/');
  });

  it('renders the rest of a page whose stored content fails its schema', async () => {
    const page = await findLivePage(t.db, '/home/about/', '0001');
    await t.db
      .updateTable('pages')
      .set({
        content: JSON.stringify({
          body: [
            { type: 'heading', id: 'ok', value: { text: 'Still here' } },
            { type: 'heading', id: 'bad', value: { text: 42 } },
            { type: 'ghost', id: 'g', value: {} },
          ],
          confirmation_content: 'oops',
        }),
      })
      .where('id', '=', page!.id)
      .execute();
    const res = await request(t.app).get('/about/').expect(200);
    expect(res.text).to.include('Still here');
  });

  it('does not serve unpublished pages', async () => {
    const home = await findLivePage(t.db, '/home/', '0001');
    await createPage(t.db, {
      parentId: home!.id,
      pageType: 'ExamplePage',
      title: 'Secret Menu',
      content: { body: [] },
    });
    await request(t.app).get('/secret-menu/').expect(404);
  });
});
