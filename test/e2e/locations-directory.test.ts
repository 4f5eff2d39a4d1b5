import { expect } from 'chai';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';

describe('location directory in Chromium', () => {
  const suite = useBrowserSuite();

  it('opens several states of the accordion at once, by mouse and keyboard, after hydration', async () => {
    const tab = await openTab(suite.chromium.browser);
    await tab.page.goto(`${suite.server.baseUrl}/locations/`, { waitUntil: 'networkidle0' });
    await tab.page.waitForFunction(() => document.documentElement.classList.contains('js-enabled'), { timeout: 5000 });
    await tab.page.click('#state-florida > summary');
    await tab.page.click('#state-texas > summary');
    await tab.page.focus('#state-ohio > summary');
    await tab.page.keyboard.press('Enter');
    const open = await tab.page.$$eval('details.state-accordion__item[open]', (items) => items.map((item) => item.id));
    expect(open).to.have.members(['state-florida', 'state-texas', 'state-ohio']);
    expect(
      await tab.page.$eval(
        '#state-florida a[href="/locations/list/florida/orlando/"]',
        (a) => (a as HTMLElement).offsetHeight > 0,
      ),
    ).to.equal(true);
    await tab.page.click('#state-texas > summary');
    const stillOpen = await tab.page.$$eval('details.state-accordion__item[open]', (items) =>
      items.map((item) => item.id),
    );
    expect(stillOpen).to.have.members(['state-florida', 'state-ohio']);
    tab.assertClean();
    await tab.page.close();
  });

  it('hydrates the city list and a location page without console errors', async () => {
    const tab = await openTab(suite.chromium.browser);
    await tab.page.goto(`${suite.server.baseUrl}/locations/list/florida/orlando/`, { waitUntil: 'networkidle0' });
    await tab.page.waitForFunction(() => document.documentElement.classList.contains('js-enabled'), { timeout: 5000 });
    const href = await tab.page.$eval('.locations-city__item a', (a) => a.getAttribute('href'));
    await tab.page.goto(`${suite.server.baseUrl}${href}`, { waitUntil: 'networkidle0' });
    await tab.page.waitForFunction(() => document.documentElement.classList.contains('js-enabled'), { timeout: 5000 });
    expect(await tab.page.$eval('h1', (h1) => h1.textContent)).to.equal('Orlando, FL');
    tab.assertClean();
    await tab.page.close();
  });

  it('lists map-page results before the map and fires the reservation event with the rlid', async () => {
    const tab = await openTab(suite.chromium.browser);
    await tab.page.goto(`${suite.server.baseUrl}/locations/map/?q=${encodeURIComponent('Orlando, FL')}`, {
      waitUntil: 'networkidle0',
    });
    await tab.page.waitForFunction(() => document.documentElement.classList.contains('js-enabled'), { timeout: 5000 });
    expect(await tab.page.$$eval('.locations-map__entry', (items) => items.length)).to.equal(26);
    const entry = await tab.page.$('.locations-map__entry:has([data-guest-action])');
    if (!entry) throw new Error('no entry with a reservation or wait-list button near Orlando');
    const rlid = Number(await entry.evaluate((li) => li.getAttribute('data-rlid')));
    // A string, not a function: the test transpiler would wrap a named function in a helper the page lacks.
    await tab.page.evaluate(`
      for (const name of ['open-reservation-panel', 'open-waitlist']) {
        document.addEventListener(name, (event) => { window.fired = { type: event.type, detail: event.detail }; });
      }
    `);
    await (await entry.$('[data-guest-action]'))!.click();
    const fired = await tab.page.evaluate(
      () => (window as unknown as { fired: { type: string; detail: { rlid: number } } }).fired,
    );
    expect(fired.type).to.be.oneOf(['open-reservation-panel', 'open-waitlist']);
    // Outside the header picker no other element takes focus back: the link that opened the panel does.
    expect(fired.detail).to.deep.equal({ rlid, returnFocus: null });
    tab.assertClean();
    await tab.page.close();
  });
});
