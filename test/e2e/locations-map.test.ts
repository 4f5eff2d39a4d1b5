import { expect } from 'chai';
import sharp from 'sharp';
import { BASE_MAP_COLOURS } from '../../shared/maps/base-map';
import { axeViolations } from '../helpers/axe';
import type { Page } from 'puppeteer-core';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';

const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.classList.contains('js-enabled'), { timeout: 5000 });

describe('locations map page in Chromium', () => {
  const suite = useBrowserSuite();

  async function openMap(query: string) {
    const tab = await openTab(suite.chromium.browser);
    await tab.page.goto(`${suite.server.baseUrl}/locations/map/${query}`, { waitUntil: 'networkidle0' });
    await hydrated(tab.page);
    return tab;
  }

  it('draws the offline base map from the site itself, after the list', async () => {
    const tab = await openTab(suite.chromium.browser);
    const requests: string[] = [];
    tab.page.on('request', (request) => requests.push(request.url()));
    const tileTypes: string[] = [];
    tab.page.on(
      'response',
      (response) =>
        void (
          response.url().includes('/maps/v1/tiles/') &&
          tileTypes.push(`${response.status()} ${response.headers()['content-type']}`)
        ),
    );
    await tab.page.goto(`${suite.server.baseUrl}/locations/map/?q=${encodeURIComponent('Chicago, IL')}`, {
      waitUntil: 'domcontentloaded',
    });
    // The list is in the server's HTML: painted before any map code runs.
    expect(await tab.page.$$eval('.locations-map__entry', (entries) => entries.length)).to.equal(26);
    await hydrated(tab.page);
    await tab.page.waitForSelector('.location-marker', { timeout: 15000 });
    await tab.page.waitForFunction(() => document.querySelector('.maplibregl-canvas') !== null, { timeout: 15000 });
    // Everything the page asked for came from the site itself (nothing leaves it offline).
    expect(
      requests.filter(
        (url) => !url.startsWith(suite.server.baseUrl) && !url.startsWith('data:') && !url.startsWith('blob:'),
      ),
    ).to.deep.equal([]);
    // The map shows land and water: the base map's two fill colours are both on screen once the
    // tiles are drawn (looked for in successive screenshots, for at most 30 s: the server reads its
    // geodata on the first tile request).
    const hex = (colour: string) => [1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16)).join(',');
    const wanted = [hex(BASE_MAP_COLOURS.land), hex(BASE_MAP_COLOURS.water)];
    let colours: string[] = [];
    for (
      const started = Date.now();
      Date.now() - started < 30000 && !wanted.every((colour) => colours.includes(colour));
    ) {
      const shot = Buffer.from(await (await tab.page.$('#locations-map'))!.screenshot());
      const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const seen = new Set<string>();
      for (let i = 0; i < data.length; i += info.channels * 97) seen.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
      colours = [...seen];
    }
    expect(colours, 'land').to.include(wanted[0]);
    expect(colours, 'water').to.include(wanted[1]);
    expect(
      requests.some((url) => url.includes('/maps/v1/fonts/')),
      'the label font',
    ).to.equal(true);
    expect(tileTypes.length, 'tiles').to.be.greaterThan(0);
    expect(new Set(tileTypes)).to.deep.equal(new Set(['200 application/x-protobuf']));
    tab.assertClean();
    await tab.page.close();
  });

  it('draws lettered markers; a list click opens the info window on that marker', async () => {
    const tab = await openMap(`?q=${encodeURIComponent('Orlando, FL')}`);
    await tab.page.waitForSelector('.maplibregl-canvas', { timeout: 10000 });
    await tab.page.waitForSelector('.location-marker', { timeout: 10000 });
    // Only this page links maplibre's stylesheet, and only after the list was there.
    expect(
      await tab.page.$$eval('link[rel="stylesheet"]', (links) =>
        links.some((l) => (l as HTMLLinkElement).href.includes('maplibre-gl')),
      ),
    ).to.equal(true);
    const second = await tab.page.$eval('.locations-map__entry:nth-child(2)', (li) => ({
      rlid: li.getAttribute('data-rlid'),
      address: li.querySelector('address')!.textContent,
    }));
    await tab.page.click('.locations-map__entry:nth-child(2) .locations-map__glyph');
    await tab.page.waitForFunction(
      (rlid) => document.querySelector(`.location-marker[data-rlid="${rlid}"][aria-pressed="true"]`),
      { timeout: 5000 },
      second.rlid,
    );
    const popup = await tab.page.waitForSelector('.maplibregl-popup-content', { timeout: 5000 });
    expect(await popup!.evaluate((el) => el.querySelector('address')?.textContent)).to.equal(second.address);
    expect(
      await tab.page.$eval('.locations-map__entry:nth-child(2)', (li) => li.getAttribute('aria-current')),
    ).to.equal('true');
    tab.assertClean();
    await tab.page.close();
  });

  it('focuses the list entry when its marker is clicked, from the keyboard too', async () => {
    const tab = await openMap(`?q=${encodeURIComponent('Orlando, FL')}`);
    await tab.page.waitForSelector('.location-marker[data-rlid]', { timeout: 10000 });
    // A marker that is not focused yet (the first entry starts focused).
    const target = await tab.page.$$eval(
      '.location-marker[data-rlid][aria-pressed="false"]',
      (markers) => markers[0]?.getAttribute('data-rlid') ?? null,
    );
    expect(target).to.not.equal(null);
    await tab.page.focus(`.location-marker[data-rlid="${target}"]`);
    await tab.page.keyboard.press('Enter');
    await tab.page.waitForFunction(
      (id) =>
        document.querySelector(`.locations-map__entry[data-rlid="${id}"]`)?.getAttribute('aria-current') === 'true',
      { timeout: 5000 },
      target,
    );
    tab.assertClean();
    await tab.page.close();
  });

  it('searches without a page load, updates ?q=, and shows the empty-result message', async () => {
    const tab = await openMap(`?q=${encodeURIComponent('Orlando, FL')}`);
    await tab.page.evaluate('window.__sameDocument = true');
    await tab.page.$eval('#locations-map-q', (input) => ((input as HTMLInputElement).value = ''));
    await tab.page.type('#locations-map-q', 'Dallas, TX');
    await tab.page.click('.locations-map__search button[type="submit"]');
    await tab.page.waitForFunction(
      () => document.querySelector('.locations-map__entry address')?.textContent?.includes('TX'),
      { timeout: 5000 },
    );
    expect(await tab.page.evaluate('window.__sameDocument')).to.equal(true);
    expect(new URL(tab.page.url()).searchParams.get('q')).to.equal('Dallas, TX');
    // A place with no restaurant within 200 miles: the list empties and says so.
    await tab.page.$eval('#locations-map-q', (input) => ((input as HTMLInputElement).value = ''));
    await tab.page.type('#locations-map-q', 'Iqaluit');
    await tab.page.click('.locations-map__search button[type="submit"]');
    await tab.page.waitForSelector('.locations-map__empty', { timeout: 5000 });
    expect(await tab.page.$eval('.locations-map__empty', (p) => p.textContent)).to.equal(
      'Please enter a valid city, state, or ZIP code.',
    );
    // A place the geocoder does not know: the same message, the markers go, the URL follows.
    await tab.page.$eval('#locations-map-q', (input) => ((input as HTMLInputElement).value = ''));
    await tab.page.type('#locations-map-q', 'Dallas, TX');
    await tab.page.click('.locations-map__search button[type="submit"]');
    await tab.page.waitForSelector('.location-marker', { timeout: 10000 });
    await tab.page.$eval('#locations-map-q', (input) => ((input as HTMLInputElement).value = ''));
    await tab.page.type('#locations-map-q', 'Nowhereville Qqq');
    await tab.page.click('.locations-map__search button[type="submit"]');
    await tab.page.waitForSelector('.locations-map__empty', { timeout: 5000 });
    expect(await tab.page.$eval('.locations-map__empty', (p) => p.textContent)).to.equal(
      'Please enter a valid city, state, or ZIP code.',
    );
    await tab.page.waitForFunction(() => document.querySelectorAll('.location-marker').length === 0, { timeout: 5000 });
    expect(await tab.page.$('.locations-map__entry')).to.equal(null);
    expect(new URL(tab.page.url()).searchParams.get('q')).to.equal('Nowhereville Qqq');
    tab.assertClean();
    await tab.page.close();
  });

  it('logs a geocoder answer without geometry and changes nothing (spec sections 7 and 8)', async () => {
    const tab = await openMap(`?q=${encodeURIComponent('Orlando, FL')}`);
    await tab.page.waitForSelector('.location-marker', { timeout: 10000 });
    // A hosted geocoder can answer a result without geometry; ours never does, so the page's
    // fetch answers that for this one query.
    await tab.page.evaluate(() => {
      const original = window.fetch.bind(window);
      window.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
        String(input).includes('/api/location/geocode/') && String(input).includes('Broken')
          ? Promise.resolve(
              new Response(JSON.stringify({ results: [{ formatted_address: 'Broken Place' }] }), {
                headers: { 'Content-Type': 'application/json' },
              }),
            )
          : original(input, init);
    });
    const warnings: string[] = [];
    tab.page.on('console', (message) => void (message.type() === 'warn' && warnings.push(message.text())));
    const before = await tab.page.$$eval('.locations-map__entry', (entries) => entries.length);
    await tab.page.$eval('#locations-map-q', (input) => ((input as HTMLInputElement).value = ''));
    await tab.page.type('#locations-map-q', 'Broken Place');
    await tab.page.click('.locations-map__search button[type="submit"]');
    // The warning is printed after the answer is read; wait for it rather than for time.
    for (let i = 0; i < 50 && !warnings.includes('Result has no geometry info'); i++)
      await tab.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(warnings).to.include('Result has no geometry info');
    expect(await tab.page.$$eval('.locations-map__entry', (entries) => entries.length)).to.equal(before);
    expect(new URL(tab.page.url()).searchParams.get('q')).to.equal('Orlando, FL');
    tab.assertClean();
    await tab.page.close();
  });

  it('has no axe violations on the map page and the three directory templates', async () => {
    const tab = await openTab(suite.chromium.browser);
    // axe is injected without a nonce.
    await tab.page.setBypassCSP(true);
    await tab.page.goto(`${suite.server.baseUrl}/locations/map/?q=${encodeURIComponent('Orlando, FL')}`, {
      waitUntil: 'networkidle0',
    });
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
