import { expect } from 'chai';
import { axeViolations } from '../helpers/axe';
import type { Page } from 'puppeteer-core';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';



const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.classList.contains('js-enabled'), { timeout: 5000 });

describe('locations map page in Chromium', () => {
  const suite = useBrowserSuite();

  async function openMap(query: string) {
    const tab = await openTab(suite.chromium.browser);
    await tab.page.goto(`${suite.server.baseUrl}/locations/map/${query}`, { waitUntil: 'networkidle0' });
    await hydrated(tab.page);
    return tab;
  }

  it('draws lettered markers with no tiles; a list click opens the info window on that marker', async () => {
    const tab = await openMap(`?q=${encodeURIComponent('Orlando, FL')}`);
    await tab.page.waitForSelector('.maplibregl-canvas', { timeout: 10000 });
    await tab.page.waitForSelector('.location-marker', { timeout: 10000 });
    // Only this page links maplibre's stylesheet, and only after the list was there.
    expect(await tab.page.$$eval('link[rel="stylesheet"]', (links) => links.some((l) => (l as HTMLLinkElement).href.includes('maplibre-gl')))).to.equal(true);
    const second = await tab.page.$eval('.locations-map__entry:nth-child(2)', (li) => ({ rlid: li.getAttribute('data-rlid'), address: li.querySelector('address')!.textContent }));
    await tab.page.click('.locations-map__entry:nth-child(2) .locations-map__glyph');
    await tab.page.waitForFunction((rlid) => document.querySelector(`.location-marker[data-rlid="${rlid}"][aria-pressed="true"]`), { timeout: 5000 }, second.rlid);
    const popup = await tab.page.waitForSelector('.maplibregl-popup-content', { timeout: 5000 });
    expect(await popup!.evaluate((el) => el.querySelector('address')?.textContent)).to.equal(second.address);
    expect(await tab.page.$eval('.locations-map__entry:nth-child(2)', (li) => li.getAttribute('aria-current'))).to.equal('true');
    tab.assertClean();
    await tab.page.close();
  });

  it('focuses the list entry when its marker is clicked, from the keyboard too', async () => {
    const tab = await openMap(`?q=${encodeURIComponent('Orlando, FL')}`);
    await tab.page.waitForSelector('.location-marker[data-rlid]', { timeout: 10000 });
    // A marker that is not focused yet (the first entry starts focused).
    const target = await tab.page.$$eval('.location-marker[data-rlid][aria-pressed="false"]', (markers) => markers[0]?.getAttribute('data-rlid') ?? null);
    expect(target).to.not.equal(null);
    await tab.page.focus(`.location-marker[data-rlid="${target}"]`);
    await tab.page.keyboard.press('Enter');
    await tab.page.waitForFunction((id) => document.querySelector(`.locations-map__entry[data-rlid="${id}"]`)?.getAttribute('aria-current') === 'true', { timeout: 5000 }, target);
    tab.assertClean();
    await tab.page.close();
  });

  it('searches without a page load, updates ?q=, and shows the empty-result message', async () => {
    const tab = await openMap(`?q=${encodeURIComponent('Orlando, FL')}`);
    await tab.page.evaluate('window.__sameDocument = true');
    await tab.page.$eval('#locations-map-q', (input) => ((input as HTMLInputElement).value = ''));
    await tab.page.type('#locations-map-q', 'Dallas, TX');
    await tab.page.click('.locations-map__search button[type="submit"]');
    await tab.page.waitForFunction(() => document.querySelector('.locations-map__entry address')?.textContent?.includes('TX'), { timeout: 5000 });
    expect(await tab.page.evaluate('window.__sameDocument')).to.equal(true);
    expect(new URL(tab.page.url()).searchParams.get('q')).to.equal('Dallas, TX');
    // A place with no restaurant within 200 miles: the list empties and says so.
    await tab.page.$eval('#locations-map-q', (input) => ((input as HTMLInputElement).value = ''));
    await tab.page.type('#locations-map-q', 'Iqaluit');
    await tab.page.click('.locations-map__search button[type="submit"]');
    await tab.page.waitForSelector('.locations-map__empty', { timeout: 5000 });
    expect(await tab.page.$eval('.locations-map__empty', (p) => p.textContent)).to.equal('Please enter a valid city, state, or ZIP code.');
    // A query the geocoder cannot place: logged, and nothing changes (spec sections 7 and 8).
    const warnings: string[] = [];
    tab.page.on('console', (message) => void (message.type() === 'warn' && warnings.push(message.text())));
    await tab.page.$eval('#locations-map-q', (input) => ((input as HTMLInputElement).value = ''));
    await tab.page.type('#locations-map-q', 'Nowhereville Qqq');
    await tab.page.click('.locations-map__search button[type="submit"]');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(warnings).to.include('Result has no geometry info');
    expect(new URL(tab.page.url()).searchParams.get('q')).to.equal('Iqaluit');
    expect(await tab.page.$('.locations-map__empty')).to.not.equal(null);
    tab.assertClean();
    await tab.page.close();
  });

  it('has no axe violations on the map page and the three directory templates', async () => {
    const tab = await openTab(suite.chromium.browser);
    // axe is injected without a nonce.
    await tab.page.setBypassCSP(true);
    await tab.page.goto(`${suite.server.baseUrl}/locations/map/?q=${encodeURIComponent('Orlando, FL')}`, { waitUntil: 'networkidle0' });
    await hydrated(tab.page);
    await tab.page.waitForSelector('.location-marker', { timeout: 10000 });
    expect(await axeViolations(tab.page), 'map page').to.deep.equal([]);
    for (const path of ['/locations/', '/locations/list/florida/orlando/']) {
      await tab.page.goto(`${suite.server.baseUrl}${path}`, { waitUntil: 'networkidle0' });
      await hydrated(tab.page);
      expect(await axeViolations(tab.page), path).to.deep.equal([]);
    }
    const href = await tab.page.$eval('.locations-city__item a', (a) => a.getAttribute('href'));
    await tab.page.goto(`${suite.server.baseUrl}${href}`, { waitUntil: 'networkidle0' });
    await hydrated(tab.page);
    expect(await axeViolations(tab.page), String(href)).to.deep.equal([]);
    await tab.page.close();
  });
});
