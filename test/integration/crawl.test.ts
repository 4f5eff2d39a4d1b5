import { expect } from 'chai';
import request from 'supertest';
import { frCA } from '../../shared/i18n/catalogs/fr-CA';
import { createTestApp, listen, type TestApp } from '../helpers/app';
import { crawl, type CrawlResult } from '../helpers/crawler';

/** The seeded sites, as their pages print them (the seed configures port 3000). */
const US = 'http://localhost:3000';
const CA = 'http://ca.localhost:3000';

/** The one deliberate 404: the not-found page itself. */
const isDeliberate404 = (result: CrawlResult) =>
  result.status === 404 && new URL(result.url).pathname.endsWith('/error-pages/404/');

describe('every link resolves (crawl of both demo sites)', function () {
  this.timeout(900_000);
  let t: TestApp;
  let server: Awaited<ReturnType<typeof listen>>;
  let results: CrawlResult[];
  let capped: boolean;
  /** Strings French pages showed untranslated (the X-Missing-Translations header), by page. */
  const untranslated: string[] = [];

  before(async function () {
    this.timeout(600_000);
    t = await createTestApp();
    server = await listen(t.app);
    // The map pages are linked from the picker's 'View Map', which is drawn in the browser.
    // A search near the border lists restaurants of both countries, whose local pages live on
    // different sites; the not-found page's quick search links to local pages too. The block
    // gallery is a noindex demo page no menu links to: without it here, its links went unchecked.
    const start = [
      `${US}/`,
      `${US}/block-gallery/`,
      `${CA}/`,
      `${CA}/fr/`,
      `${US}/locations/map/?q=Buffalo%2C%20NY`,
      `${CA}/locations/map/?q=Windsor%2C%20ON`,
      `${CA}/fr/locations/map/`,
      `${US}/error-pages/404/?q=Detroit`,
      `${CA}/fr/error-pages/404/?q=Montreal`,
    ];
    const onPage = (url: string, headers: Record<string, string | string[] | undefined>) => {
      const header = headers['x-missing-translations'];
      if (typeof header === 'string')
        untranslated.push(`${url}: ${header.split(', ').map(decodeURIComponent).join(' | ')}`);
    };
    // Each restaurant's two map images are drawn on first request: a sample of each variant
    // proves the route (test/integration/base-map.test.ts covers it in depth).
    const samples = [
      { pattern: /^\/media\/maps\/locations\/\d+\/small\.png$/, limit: 8 },
      { pattern: /^\/media\/maps\/locations\/\d+\/large\.png$/, limit: 8 },
    ];
    ({ results, capped } = await crawl({ port: server.port, origins: [US, CA], start, cap: 4000, onPage, samples }));
  });
  after(async () => {
    await server?.close();
    await t?.close();
  });

  it('reaches the whole site within the cap, pages and assets alike', () => {
    expect(capped, 'the crawl stopped at its cap: raise it or find the link explosion').to.equal(false);
    const paths = new Set(results.map((result) => result.url));
    for (const path of [
      '/menu/',
      '/specials/',
      '/catering/',
      '/about/',
      '/careers/',
      '/gift-cards/',
      '/faq/',
      '/terms-of-use/',
      '/privacy-policy/',
      '/accessibility/',
      '/locations/',
    ]) {
      expect(paths.has(`${US}${path}`), `${US}${path}`).to.equal(true);
      expect(paths.has(`${CA}/fr${path}`), `${CA}/fr${path}`).to.equal(true);
    }
    // Directory pages and assets were followed too, not only the navigation.
    expect(results.filter((result) => result.url.includes('/locations/list/')).length).to.be.greaterThan(500);
    expect(results.some((result) => result.contentType.startsWith('image/'))).to.equal(true);
    expect(results.some((result) => result.contentType.startsWith('font/'))).to.equal(true);
    expect(results.some((result) => result.contentType.startsWith('text/javascript'))).to.equal(true);
    expect(results.filter((result) => result.url.includes('/media/maps/locations/')).length).to.equal(16);
    // Canadian restaurants carry the Canada site as countryRootURL: from the US site their order
    // link goes there (spec section 2), and it resolves like every other.
    expect(
      results.some((result) => result.url.startsWith(`${CA}/order?rlid=`) && result.from.startsWith(`${US}/`)),
    ).to.equal(true);
  });

  it('finds no 4xx or 5xx but the 404 page and the links other tasks will make resolve', () => {
    const broken = results.filter((result) => result.status >= 400 && !isDeliberate404(result));
    expect(broken.map((result) => `${result.status} ${result.url} (linked from ${result.from})`)).to.deep.equal([]);
  });

  it('shows every string of every French page from the fr-CA catalog', () => {
    expect(
      results.filter((result) => result.url.startsWith(`${CA}/fr/`) && result.contentType.includes('text/html')).length,
    ).to.be.greaterThan(100);
    expect(untranslated).to.deep.equal([]);
  });

  it('names a string a French page shows untranslated (the check above can fail)', async () => {
    const entry = frCA.findIndex((candidate) => candidate.key === 'Looking for a restaurant?');
    const [removed] = frCA.splice(entry, 1);
    try {
      const res = await request(t.app).get('/fr/error-pages/404/').set('Host', 'ca.localhost:3000').expect(404);
      expect(res.headers['x-missing-translations']).to.equal(encodeURIComponent('Looking for a restaurant?'));
      const english = await request(t.app).get('/error-pages/404/').set('Host', 'ca.localhost:3000').expect(404);
      expect(english.headers).not.to.have.property('x-missing-translations');
    } finally {
      frCA.splice(entry, 0, removed!);
    }
  });
});
