import { expect } from 'chai';
import type { Page } from 'puppeteer-core';
import { PREFERRED_RLID_KEY } from '../../shared/locations/preferred-keys';
import { axeViolations, WCAG_TAGS } from '../helpers/axe';
import { useBrowserSuite, waitForHydration } from '../helpers/browser-suite';

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];
const ORLANDO = { latitude: 28.5383, longitude: -81.3792 };

const textOf = (page: Page, selector: string) => page.$eval(selector, (el) => (el as HTMLElement).innerText.trim());
const entryCount = (page: Page) => page.$$eval('.locations-map__entry', (entries) => entries.length);

/**
 * The map page before any search: no error, the visitor's saved restaurant as the start when
 * there is one, "Use my location" on request only (granted and refused), else the countries.
 */
describe('locations map page, first visit, in Chromium', function () {
  this.timeout(120_000);
  const suite = useBrowserSuite();
  const context = () => suite.chromium.browser.defaultBrowserContext();
  afterEach(() => context().clearPermissionOverrides());

  async function open(path: string, viewport: (typeof VIEWPORTS)[number], host = 'localhost') {
    const tab = await suite.visit('/', { viewport, host });
    // axe is injected without the CSP nonce.
    await tab.page.setBypassCSP(true);
    await tab.page.goto(`http://${host}:${suite.server.port}${path}`, { waitUntil: 'networkidle0' });
    await waitForHydration(tab.page);
    return tab;
  }

  for (const viewport of VIEWPORTS) {
    it(`shows no error and the countries, then the restaurants near the visitor on request, at ${viewport.width} px`, async () => {
      const origin = `http://localhost:${suite.server.port}`;
      await context().overridePermissions(origin, []);
      const tab = await open('/locations/map/', viewport);
      const { page } = tab;
      expect(await page.$('.locations-map__empty')).to.equal(null);
      expect(await entryCount(page)).to.equal(0);
      expect(await page.$$eval('.locations-map__countries a', (links) => links.map((a) => a.getAttribute('href'))))
        .to.have.length(2)
        .and.include('/locations/');
      const locate = await page.waitForSelector('.locations-map__locate', { visible: true });
      expect(await textOf(page, '.locations-map__locate')).to.equal('Use my location');
      expect(await axeViolations(page, { tags: WCAG_TAGS })).to.deep.equal([]);

      // Refused: a sentence saying what to do instead, and still no red error.
      await locate!.click();
      await page.waitForFunction(() => document.querySelector('.locations-map__notice')?.textContent !== '');
      expect(await textOf(page, '.locations-map__notice')).to.equal(
        'Your location was not shared. Search by city, state, or ZIP code instead.',
      );
      expect(await page.$('.locations-map__empty')).to.equal(null);

      // Granted: the restaurants around the position, said as such, and the address bar follows.
      await context().overridePermissions(origin, ['geolocation']);
      await page.setGeolocation(ORLANDO);
      await locate!.click();
      await page.waitForSelector('.locations-map__entry', { visible: true });
      expect(await textOf(page, '.locations-map__caption')).to.equal('Restaurants near you');
      expect(await textOf(page, '.locations-map__entry address')).to.include('FL');
      expect(await page.$('.locations-map__countries')).to.equal(null);
      expect(await textOf(page, '.locations-map__notice')).to.equal('');
      expect(new URL(page.url()).searchParams.get('latitude')).to.equal('28.538');
      expect(await axeViolations(page, { tags: WCAG_TAGS })).to.deep.equal([]);
      tab.assertClean();
      await page.close();
    });

    it(`starts from the restaurant saved in the picker at ${viewport.width} px`, async () => {
      const saved = await suite.app.db
        .selectFrom('locations')
        .select(['rlid', 'city', 'state'])
        .where('state', '=', 'TX')
        .orderBy('rlid')
        .executeTakeFirstOrThrow();
      const tab = await suite.visit('/', { viewport });
      await tab.page.evaluate((key, rlid) => localStorage.setItem(key, rlid), PREFERRED_RLID_KEY, String(saved.rlid));
      await tab.page.goto(`http://localhost:${suite.server.port}/locations/map/`, { waitUntil: 'networkidle0' });
      await waitForHydration(tab.page);
      await tab.page.waitForSelector('.locations-map__entry', { visible: true });
      expect(await textOf(tab.page, '.locations-map__caption')).to.equal(
        `Restaurants near your restaurant in ${saved.city}, ${saved.state}`,
      );
      expect(await tab.page.$eval('.locations-map__entry', (el) => el.getAttribute('data-rlid'))).to.equal(
        String(saved.rlid),
      );
      expect(await tab.page.$('.locations-map__empty')).to.equal(null);
      await tab.page.evaluate(() => localStorage.clear());
      tab.assertClean();
      await tab.page.close();
    });
  }

  it('speaks French on the Canada site, with the provinces directory first', async () => {
    const origin = `http://ca.localhost:${suite.server.port}`;
    await context().overridePermissions(origin, []);
    const tab = await open('/fr/locations/map/', VIEWPORTS[1]!, 'ca.localhost');
    const { page } = tab;
    expect(await page.$('.locations-map__empty')).to.equal(null);
    expect(await textOf(page, '.locations-map__first-visit p')).to.equal(
      'Recherchez par ville, province ou code postal pour voir les restaurants près de chez vous.',
    );
    expect(await page.$eval('.locations-map__countries a', (a) => a.getAttribute('href'))).to.equal('/fr/locations/');
    expect(await textOf(page, '.locations-map__locate')).to.equal('Utiliser ma position');
    await page.click('.locations-map__locate');
    await page.waitForFunction(() => document.querySelector('.locations-map__notice')?.textContent !== '');
    expect(await textOf(page, '.locations-map__notice')).to.equal(
      'Votre position n’a pas été partagée. Recherchez plutôt par ville, province ou code postal.',
    );
    expect(await axeViolations(page, { tags: WCAG_TAGS })).to.deep.equal([]);
    tab.assertClean();
    await page.close();
  });
});
