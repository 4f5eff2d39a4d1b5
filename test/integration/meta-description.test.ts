import { expect } from 'chai';
import request from 'supertest';
import { pageDescription } from '../../server/ssr/describe';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

const templateOf = (html: string) => /"template":"(\w+)"/.exec(html)?.[1] ?? '';
const descriptionOf = (html: string) => /<meta name="description" content="([^"]*)"\/>/.exec(html)?.[1];
const noindex = (html: string) => /<meta name="robots" content="[^"]*noindex/.test(html);

/**
 * Every indexable page (each URL of the sitemap, plus the map with a search) carries a meta
 * description of its own: the search description, else one made from its content.
 */
describe('meta descriptions of indexable pages', function () {
  let t: TestApp;
  useTestApp({}, (suite) => ({ t } = suite));

  it('every sitemap URL (one per template and a sample of directories) has a non-empty description', async function () {
    this.timeout(180_000);
    const sitemap = await request(t.app).get('/sitemap.xml').set('Host', 'localhost:3000').expect(200);
    const paths = [...sitemap.text.matchAll(/<loc>http:\/\/localhost:3000([^<]+)<\/loc>/g)].map((m) => m[1]!);
    // Hundreds of restaurant and city pages share two templates: a sample of each is enough.
    const restaurants = paths.filter((path) => /^\/locations\/list\/[^/]+\/[^/]+\/[^/]+\/$/.test(path));
    const cities = paths.filter((path) => /^\/locations\/list\/[^/]+\/[^/]+\/$/.test(path));
    const sample = [
      ...paths.filter((path) => !restaurants.includes(path) && !cities.includes(path)),
      ...restaurants.slice(0, 5),
      ...cities.slice(0, 5),
      '/locations/map/?q=Orlando%2C%20FL',
    ];
    const seen = new Map<string, string[]>();
    for (const path of sample) {
      const res = await request(t.app).get(path).set('Host', 'localhost:3000');
      if (res.status !== 200 || !/text\/html/.test(String(res.headers['content-type']))) continue;
      const template = templateOf(res.text);
      if (noindex(res.text)) continue;
      const description = descriptionOf(res.text);
      expect(description, `${path} (${template})`).to.be.a('string');
      expect(description!.trim().length, `${path} (${template})`).to.be.within(20, 170);
      seen.set(template, [...(seen.get(template) ?? []), description!]);
    }
    for (const template of [
      'HomePage',
      'ExamplePage',
      'LocationsPageLocation',
      'LocationsPageStateList',
      'LocationsPageLocationList',
      'LocationsPageMap',
      'PressReleaseListPage',
      'PressReleasePage',
    ]) {
      expect([...seen.keys()], template).to.include(template);
    }
    // Generated ones say what the page holds: the restaurant's address, the places listed.
    expect(seen.get('LocationsPageLocation')!.every((text) => /\d/.test(text) && text.includes(','))).to.equal(true);
    // Restaurant pages do not share one description.
    expect(new Set(seen.get('LocationsPageLocation')).size).to.equal(seen.get('LocationsPageLocation')!.length);
  });

  it('falls back from a blank search description to the content, and never prints markup or runs past 160 characters', () => {
    const base = { title: 'Catering', searchDescription: '   ', extra: undefined };
    const page = (content: unknown) =>
      ({ page: { ...base, content }, structuredData: undefined }) as unknown as Parameters<typeof pageDescription>[0];
    expect(
      pageDescription(
        page({
          body: [
            {
              type: 'rich_text',
              value: '<p>We cater <b>weddings</b>, rehearsal dinners and office lunches across the coast.</p>',
            },
          ],
        }),
        'Harborline',
      ),
    ).to.equal('We cater weddings, rehearsal dinners and office lunches across the coast.');
    const long = pageDescription(
      page({ body: [{ type: 'rich_text', value: `<p>${'Fresh fish daily from the dock '.repeat(20)}</p>` }] }),
      'Harborline',
    );
    expect(long.length).to.be.at.most(160);
    expect(long.endsWith('…')).to.equal(true);
    // No prose at all (only URLs and short labels): the title and the site's name.
    expect(
      pageDescription(
        page({
          body: [
            { type: 'link', value: { url: 'https://example.com/a/b/c/d/e/f' } },
            { type: 'heading', value: 'Hi' },
          ],
        }),
        'Harborline',
      ),
    ).to.equal('Catering | Harborline');
    expect(pageDescription(page(null), 'Harborline')).to.equal('Catering | Harborline');
  });
});
