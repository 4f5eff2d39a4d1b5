import { expect } from 'chai';
import request from 'supertest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../helpers/app';
import { publishBlocksPage } from '../factories/blocks-part2-page';

function pageData(html: string) {
  const match = /<script type="application\/json" id="page-data"[^>]*>(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no page-data script');
  return JSON.parse(match[1]!);
}

describe('header and footer snippets', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ env: { A11Y_FEEDBACK_URL: 'https://feedback.example.org/report' } });
  });
  after(async () => t.close());

  it('carries the header and footer in the page payload and renders the new header', async () => {
    const res = await request(t.app).get('/').set('Host', 'localhost:3000').expect(200);
    const { context } = pageData(res.text);
    expect(context.header.newHeader).to.equal(true);
    expect(context.header.content.sections.map((s: { role: string }) => s.role)).to.include.members(['primary', 'secondary', 'social-media-row']);
    expect(context.footer.content.columns).to.have.length(3);
    expect(context.footer.a11yFeedbackUrl).to.equal('https://feedback.example.org/report');
    expect(res.text).to.include('data-header="new"');
    // A link without a url is kept in the snippet but never rendered.
    expect(context.header.content.sections[1].links.some((l: { url?: string }) => !l.url)).to.equal(true);
    expect(res.text).to.include('href="/account/login?returnUrl=/"');
    expect(res.text).to.include('data-slot="location-picker"');
  });

  it('renders the footer columns, social labels, legal text, report form and region switcher', async () => {
    const res = await request(t.app).get('/').set('Host', 'localhost:3000').expect(200);
    expect(res.text).to.match(/<input type="checkbox" id="footer-column-0"/);
    expect(res.text).to.include('>Instagram<');
    expect(res.text).to.include('Report a website accessibility issue:');
    const form = /<form class="a11y-report"[^>]*>/.exec(res.text)?.[0] ?? '';
    expect(form, form).to.include(`action="https://feedback.example.org/report"`).and.to.include(`target="_blank"`).and.to.include(`method="post"`);
    for (const name of ['page_url', 'dom', 'screen_width', 'screen_height']) expect(res.text).to.include(`name="${name}"`);
    // The US region is the current one (its url prefixes this page's url): only Canada is offered.
    expect(res.text).to.include('>Canada</a>');
    expect(res.text).not.to.include('>United States</a>');
    expect(res.headers['content-security-policy']).to.include('form-action \'self\' https://feedback.example.org');
  });

  it('serves French labels on the French Canada site', async () => {
    const res = await request(t.app).get('/fr/').set('Host', 'ca.localhost:3000').expect(200);
    const { context } = pageData(res.text);
    expect(context.languageCode).to.equal('fr-CA');
    expect(context.header.content.sections[0].links[0].display_name).to.equal('Menu complet');
    expect(res.text).to.include('Signaler un problème');
    expect(res.text).to.include('>United States</a>');
  });

  it('serves the footer alone at /blocks/footer/ with the Footer template', async () => {
    const res = await request(t.app).get('/blocks/footer/').set('Host', 'localhost:3000').expect(200);
    const data = pageData(res.text);
    expect(data.template).to.equal('Footer');
    expect(res.text).to.include('class="site-footer"');
    expect(res.text).not.to.include('class="site-header');
    expect(res.text).to.include('<meta name="robots" content="noindex"/>');
    const fr = await request(t.app).get('/fr/blocks/footer/').set('Host', 'ca.localhost:3000').expect(200);
    expect(fr.text).to.include('Nous joindre');
  });

  it('lists the live pages in page.extra.sitemap for a page with a sitemap block', async () => {
    const path = await publishBlocksPage(t.db, 'site-map-test', [{ type: 'sitemap', value: { heading: 'All Pages' } }]);
    const res = await request(t.app).get(path).set('Host', 'localhost:3000').expect(200);
    const { page } = pageData(res.text);
    const urls = page.extra.sitemap.map((entry: { url: string }) => entry.url);
    expect(urls).to.include.members(['/', '/our-story/', '/site-map-test/']);
    expect(urls).not.to.include('/error-pages/404/');
    expect(res.text).to.include('aria-current="page"');
    const plain = await request(t.app).get('/our-story/').expect(200);
    expect(pageData(plain.text).page.extra).not.to.have.property('sitemap');
  });

  it('falls back to the legacy header without the flag or with stored content that fails its schema', async () => {
    await sql`update site_snippets set new_header = false where language_code = 'en-US'`.execute(t.db);
    const flagOff = await request(t.app).get('/').set('Host', 'localhost:3000').expect(200);
    expect(flagOff.text).to.include('data-header="legacy"');
    await sql`update site_snippets set new_header = true, header = '{"sections": "nonsense"}'::jsonb where language_code = 'en-US'`.execute(t.db);
    const broken = await request(t.app).get('/').set('Host', 'localhost:3000').expect(200);
    expect(broken.text).to.include('data-header="legacy"');
    expect(pageData(broken.text).context).not.to.have.property('header');
  });
});
