import { expect } from 'chai';
import request from 'supertest';
import { sql } from 'kysely';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';
import { publishBlocksPage } from '../factories/blocks-page';
import { snippetsChanged } from '../../server/modules/snippets/service';

function pageData(html: string) {
  const match = /<script type="application\/json" id="page-data"[^>]*>(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no page-data script');
  return JSON.parse(match[1]!);
}

describe('header and footer snippets', () => {
  let t: TestApp;
  useTestApp({ env: { A11Y_FEEDBACK_URL: 'https://feedback.example.org/report' } }, (suite) => ({ t } = suite));

  it('carries the header and footer in the page payload and renders the new header', async () => {
    const res = await request(t.app).get('/').set('Host', 'localhost:3000').expect(200);
    const { context } = pageData(res.text);
    expect(context.header.newHeader).to.equal(true);
    expect(context.header.content.sections.map((s: { role: string }) => s.role)).to.include.members([
      'primary',
      'secondary',
      'social-media-row',
    ]);
    expect(context.footer.content.columns).to.have.length(4);
    expect(context.footer.a11yFeedbackUrl).to.equal('https://feedback.example.org/report');
    expect(res.text).to.include('data-header="new"');
    // Every seeded navigation link has a url (the browser test checks one without is not drawn).
    expect(context.header.content.sections[1].links.map((l: { url?: string }) => l.url)).to.deep.equal([
      '/about/',
      '/careers/',
      '/press/',
    ]);
    expect(res.text).to.include('href="/account/login?returnUrl=/"');
    expect(res.text).to.include('data-slot="location-picker"');
  });

  it('renders the footer columns, social labels, legal text, report form and region switcher', async () => {
    const res = await request(t.app).get('/').set('Host', 'localhost:3000').expect(200);
    expect(res.text).to.match(/<input type="checkbox" id="footer-column-0"/);
    expect(res.text).to.include('>Instagram<');
    expect(res.text).to.include('Report a website accessibility issue:');
    const form = /<form class="a11y-report"[^>]*>/.exec(res.text)?.[0] ?? '';
    expect(form, form)
      .to.include(`action="https://feedback.example.org/report"`)
      .and.to.include(`target="_blank"`)
      .and.to.include(`method="post"`);
    for (const name of ['page_url', 'dom', 'screen_width', 'screen_height'])
      expect(res.text).to.include(`name="${name}"`);
    // The US region is the current one (its url prefixes this page's url): only Canada is offered.
    expect(res.text).to.include('>Canada</a>');
    expect(res.text).not.to.include('>United States</a>');
    expect(res.headers['content-security-policy']).to.include("form-action 'self' https://feedback.example.org");
  });

  it('serves French labels on the French Canada site', async () => {
    const res = await request(t.app).get('/fr/').set('Host', 'ca.localhost:3000').expect(200);
    const { context } = pageData(res.text);
    expect(context.languageCode).to.equal('fr-CA');
    expect(context.header.content.sections[0].links[0].display_name).to.equal('Menu complet');
    expect(res.text).to.include('Signaler un problème');
    // Country names come from the country snippets, in the page's language.
    expect(res.text).to.include('>États-Unis</a>');
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
    expect(urls).to.include.members(['/', '/about/', '/site-map-test/']);
    expect(urls).not.to.include('/error-pages/404/');
    expect(res.text).to.include('aria-current="page"');
    const plain = await request(t.app).get('/about/').expect(200);
    expect(pageData(plain.text).page.extra).not.to.have.property('sitemap');
  });

  it('falls back to the legacy header without the flag or with stored content that fails its schema', async () => {
    // The flag is a site setting now; the app's settings cache is reloaded after the direct update.
    await sql`update site_settings set value = jsonb_set(value, '{new_header}', 'false') where site_id = (select id from sites where hostname = 'localhost')`.execute(
      t.db,
    );
    t.app.locals.siteSettings.invalidate();
    const flagOff = await request(t.app).get('/').set('Host', 'localhost:3000').expect(200);
    expect(flagOff.text).to.include('data-header="legacy"');
    await sql`update site_settings set value = jsonb_set(value, '{new_header}', 'true') where site_id = (select id from sites where hostname = 'localhost')`.execute(
      t.db,
    );
    t.app.locals.siteSettings.invalidate();
    await sql`update snippet_navigation set content = '{"sections": "nonsense"}'::jsonb where language_code = 'en-US'`.execute(
      t.db,
    );
    await snippetsChanged(t.db);
    const broken = await request(t.app).get('/').set('Host', 'localhost:3000').expect(200);
    expect(broken.text).to.include('data-header="legacy"');
    expect(pageData(broken.text).context).not.to.have.property('header');
  });
});
