import { expect } from 'chai';
import type { Page } from 'puppeteer-core';
import { axeViolations } from '../helpers/axe';
import { openTab } from '../helpers/browser';
import { useBrowserSuite, waitForHydration } from '../helpers/browser-suite';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const ORLANDO = `/locations/map/?q=${encodeURIComponent('Orlando, FL')}`;

const shown = (page: Page, selector: string) =>
  page.$eval(selector, (element) => getComputedStyle(element).display !== 'none');
const pressed = (page: Page) =>
  page.$$eval('.locations-map__view', (buttons) =>
    buttons.map((b) => `${b.textContent}:${b.getAttribute('aria-pressed')}`),
  );
/** The browser's idle moments pass without the map being asked for (networkidle0 plus a second). */
const idle = () => new Promise((resolve) => setTimeout(resolve, 1000));

/**
 * The map page's List / Map switch on narrow screens (docs/decisions/2026-11-26-map-page-list-first-on-phones.md):
 * a phone gets the list and no MapLibre until it asks for the map; a wide screen shows both.
 */
describe('locations map page: list first on a phone, the map on request', () => {
  const suite = useBrowserSuite();

  async function open(path: string, viewport: { width: number; height: number }) {
    const tab = await openTab(suite.chromium.browser, viewport);
    const requests: string[] = [];
    tab.page.on('request', (request) => requests.push(request.url()));
    // axe is injected without a nonce.
    await tab.page.setBypassCSP(true);
    await tab.page.goto(`${suite.server.baseUrl}${path}`, { waitUntil: 'networkidle0' });
    await waitForHydration(tab.page);
    const mapCode = () => requests.filter((url) => /\/location-map-\w+\.js$|maplibre/.test(url));
    return { ...tab, mapCode };
  }

  it('at 390 px shows the list, loads no map code, and loads the map when the switch is pressed from the keyboard', async () => {
    const tab = await open(ORLANDO, PHONE);
    await idle();
    expect(await tab.page.$$eval('.locations-map__entry', (entries) => entries.length)).to.equal(26);
    expect(await shown(tab.page, '.locations-map__list')).to.equal(true);
    expect(await shown(tab.page, '#locations-map'), 'map box while the list is chosen').to.equal(false);
    expect(await pressed(tab.page)).to.deep.equal(['List:true', 'Map:false']);
    expect(tab.mapCode()).to.deep.equal([]);
    expect(await axeViolations(tab.page), 'list view').to.deep.equal([]);

    await tab.page.focus('.locations-map__view:last-child');
    await tab.page.keyboard.press('Enter');
    await tab.page.waitForSelector('.maplibregl-canvas', { timeout: 15000 });
    await tab.page.waitForSelector('.location-marker', { timeout: 15000 });
    expect(tab.mapCode().length).to.be.greaterThan(0);
    expect(await pressed(tab.page)).to.deep.equal(['List:false', 'Map:true']);
    expect(await shown(tab.page, '.locations-map__list'), 'list while the map is chosen').to.equal(false);
    expect(
      await tab.page.$eval('.locations-map__view:last-child', (b) => b === document.activeElement),
      'focus stays on the switch',
    ).to.equal(true);
    const box = await (await tab.page.$('#locations-map'))!.boundingBox();
    expect(box!.width).to.be.at.least(PHONE.width - 40);
    expect(box!.height).to.be.at.least(320);
    expect(await tab.page.$eval('.locations-map__map-status', (p) => p.textContent), 'loading message gone').to.equal(
      '',
    );
    expect(await axeViolations(tab.page), 'map view').to.deep.equal([]);

    // Back to the list: the entries are there again and still work.
    await tab.page.click('.locations-map__view:first-child');
    expect(await shown(tab.page, '.locations-map__list')).to.equal(true);
    expect(await shown(tab.page, '#locations-map')).to.equal(false);
    await tab.page.click('.locations-map__entry:nth-child(3) .locations-map__glyph');
    await tab.page.waitForFunction(
      () => document.querySelector('.locations-map__entry:nth-child(3)')?.getAttribute('aria-current') === 'true',
      { timeout: 5000 },
    );
    tab.assertClean();
    await tab.page.close();
  });

  it('at 390 px a search still works without the map ever loading', async () => {
    const tab = await open('/locations/map/', PHONE);
    expect(await tab.page.$('.locations-map__entry')).to.equal(null);
    await tab.page.type('#locations-map-q', 'Dallas, TX');
    await tab.page.click('.locations-map__search button[type="submit"]');
    await tab.page.waitForFunction(
      () => document.querySelector('.locations-map__entry address')?.textContent?.includes('TX'),
      { timeout: 5000 },
    );
    await idle();
    expect(tab.mapCode()).to.deep.equal([]);
    tab.assertClean();
    await tab.page.close();
  });

  it('at 390 px says so when the map cannot load, and the list stays', async () => {
    const tab = await openTab(suite.chromium.browser, PHONE);
    const cdp = await tab.page.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.setBlockedURLs', { urls: ['*location-map-*.js'] });
    await tab.page.goto(`${suite.server.baseUrl}${ORLANDO}`, { waitUntil: 'networkidle0' });
    await waitForHydration(tab.page);
    await tab.page.click('.locations-map__view:last-child');
    await tab.page.waitForFunction(
      () => document.querySelector('.locations-map__map-status')?.textContent?.includes('could not be loaded'),
      { timeout: 10000 },
    );
    expect(await tab.page.$('.maplibregl-canvas')).to.equal(null);
    await tab.page.click('.locations-map__view:first-child');
    expect(await tab.page.$$eval('.locations-map__entry', (entries) => entries.length)).to.equal(26);
    tab.assertClean();
    await tab.page.close();
  });

  it('at 390 px without JavaScript shows the server-rendered list, and neither switch nor empty map box', async () => {
    const tab = await openTab(suite.chromium.browser, PHONE);
    await tab.page.setJavaScriptEnabled(false);
    await tab.page.goto(`${suite.server.baseUrl}${ORLANDO}`, { waitUntil: 'networkidle0' });
    expect(await tab.page.$$eval('.locations-map__entry', (entries) => entries.length)).to.equal(26);
    expect(await shown(tab.page, '.locations-map__views')).to.equal(false);
    expect(await shown(tab.page, '#locations-map')).to.equal(false);
    // The search form is a plain GET form.
    expect(await tab.page.$eval('.locations-map__search', (form) => form.getAttribute('method'))).to.equal('get');
    await tab.page.close();
  });

  it('at 1280 px shows list and map side by side without a switch, and loads the map by itself', async () => {
    const tab = await open(ORLANDO, DESKTOP);
    expect(await shown(tab.page, '.locations-map__views')).to.equal(false);
    expect(await shown(tab.page, '.locations-map__list')).to.equal(true);
    await tab.page.waitForSelector('.location-marker', { timeout: 15000 });
    expect(tab.mapCode().length).to.be.greaterThan(0);
    expect(await axeViolations(tab.page)).to.deep.equal([]);
    tab.assertClean();
    await tab.page.close();
  });
});
