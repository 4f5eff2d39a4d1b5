import { expect } from 'chai';
import request from 'supertest';
import { createTestApp, listen, type TestApp } from '../helpers/app';
import { crawl, type CrawlResult } from '../helpers/crawler';
import { englishIn, pageLinks } from '../helpers/french-text';

/** The Canada site as its pages print it (the seed configures port 3000). */
const CA = 'http://ca.localhost:3000';
const HOST = 'ca.localhost:3000';

/** Where a French page may send a visitor outside /fr/: files and the JSON endpoints of its forms. */
const NOT_A_PAGE = /^\/(?:static|media|documents|api|api-nc)\//;

type Form = { page: string; action: string; method: string };

/**
 * Issue 29: a French visitor is never sent to an English page and never reads English. From the
 * Canada site's /fr/ home, every /fr/ page the visitor can reach is fetched; each must keep its
 * links in /fr/ (the language switch and assets aside), show no English phrase or format, and
 * report no untranslated catalog string. Its forms are then sent empty, and the error pages
 * they and a refused request answer with are read the same way.
 */
describe('the French site keeps a French visitor in French (crawl from /fr/)', function () {
  this.timeout(600_000);
  let t: TestApp;
  let server: Awaited<ReturnType<typeof listen>>;
  let results: CrawlResult[];
  let capped: boolean;
  const leaving: string[] = [];
  const english: string[] = [];
  const untranslated: string[] = [];
  const forms = new Map<string, Form>();

  before(async function () {
    t = await createTestApp();
    server = await listen(t.app);
    const onPage = (url: string, headers: Record<string, string | string[] | undefined>, body: string) => {
      const header = headers['x-missing-translations'];
      if (typeof header === 'string')
        untranslated.push(`${url}: ${header.split(', ').map(decodeURIComponent).join(' | ')}`);
      for (const found of englishIn(body)) english.push(`${url}: ${found}`);
      for (const link of pageLinks(body)) {
        if (/^(?:mailto:|tel:|#|javascript:)/i.test(link.url)) continue;
        const target = new URL(link.url, url);
        if (target.origin !== new URL(CA).origin || link.languageSwitch) continue;
        if (link.tag === 'form') {
          const method = /method="post"/i.test(body) ? 'post' : 'get';
          forms.set(`${target.pathname}`, { page: url, action: target.pathname + target.search, method });
        }
        if (!target.pathname.startsWith('/fr/') && !NOT_A_PAGE.test(target.pathname))
          leaving.push(`${url}: <${link.tag}> to ${target.pathname}${target.search}`);
      }
    };
    // The map page and the not-found page's quick search list restaurants only after a search.
    const start = [`${CA}/fr/`, `${CA}/fr/locations/map/?q=Vancouver`, `${CA}/fr/error-pages/404/?q=Montreal`];
    ({ results, capped } = await crawl({
      port: server.port,
      origins: [CA],
      start,
      cap: 3000,
      onPage,
      follow: (url) => url.pathname.startsWith('/fr/'),
    }));
  });
  after(async () => {
    await server?.close();
    await t?.close();
  });

  it('reaches the French directory, restaurant pages and forms within the cap', () => {
    expect(capped, 'the crawl stopped at its cap').to.equal(false);
    const pages = results.filter((result) => result.contentType.includes('text/html'));
    expect(
      pages.filter((page) => /\/fr\/locations\/list\/[^/]+\/[^/]+\/[^/]+\/$/.test(page.url)).length,
    ).to.be.greaterThan(20);
    expect(pages.some((page) => page.url === `${CA}/fr/locations/`)).to.equal(true);
    // The map and 404 search results' local page links lead to the French restaurant pages.
    expect(
      results.some((result) => result.url.includes('/fr/seafood-restaurants/locations/') && result.status === 301),
    ).to.equal(true);
    expect(forms.size).to.be.greaterThan(2);
  });

  it('answers every French page without an error (the not-found page aside)', () => {
    const broken = results.filter(
      (result) => result.status >= 400 && !new URL(result.url).pathname.startsWith('/fr/error-pages/404/'),
    );
    expect(broken.map((result) => `${result.status} ${result.url} (from ${result.from})`)).to.deep.equal([]);
  });

  it('links only to French pages, the language switch and files', () => {
    expect([...new Set(leaving)]).to.deep.equal([]);
  });

  it('shows no English phrase, 12-hour time or decimal point, and no untranslated string', () => {
    expect([...new Set(english)]).to.deep.equal([]);
    expect(untranslated).to.deep.equal([]);
  });

  it('answers each French form sent empty with French errors, on a French page', async () => {
    const agent = request.agent(t.app);
    const checked: string[] = [];
    for (const form of forms.values()) {
      if (form.method !== 'post' || !form.action.startsWith('/fr/')) continue;
      const page = await agent.get(new URL(form.page).pathname + new URL(form.page).search).set('Host', HOST);
      const token = /name="csrfmiddlewaretoken" value="([^"]+)"/.exec(page.text)?.[1];
      if (!token) continue;
      const action = /name="form_action" value="([^"]+)"/.exec(page.text)?.[1];
      const res = await agent
        .post(form.action)
        .set('Host', HOST)
        .type('form')
        .send({ csrfmiddlewaretoken: token, ...(action ? { form_action: action } : {}) });
      expect(res.status, `${form.action}: ${res.status}`).to.be.below(500);
      expect(englishIn(res.text), form.action).to.deep.equal([]);
      expect(res.headers['x-missing-translations'], form.action).to.equal(undefined);
      checked.push(form.action);
    }
    expect(checked.length, 'the contact, signup and accessibility report forms at least').to.be.greaterThan(2);
  });

  it('answers a refused French form (no CSRF token: 403) with a French error page', async () => {
    const res = await request(t.app).post('/fr/contact-us/').set('Host', HOST).type('form').send({ name: 'x' });
    expect(res.status).to.equal(403);
    expect(res.text).to.include('lang="fr-CA"');
    expect(res.text).to.include('Erreur 403');
    expect(res.text).to.include('href="/fr/"');
    expect(englishIn(res.text)).to.deep.equal([]);
    const englishPage = await request(t.app).post('/contact-us/').set('Host', HOST).type('form').send({ name: 'x' });
    expect(englishPage.text).to.include('Error 403');
  });
});
