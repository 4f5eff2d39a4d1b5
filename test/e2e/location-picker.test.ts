import { expect } from 'chai';
import { axeViolations } from '../helpers/axe';
import type { Page } from 'puppeteer-core';
import { locationByRlid } from '../../server/modules/locations/service';
import { pickerSuffix } from '../../shared/locations/picker-text';
import type { Location } from '../../shared/schemas/locations';
import { useBrowserSuite, waitForHydration } from '../helpers/browser-suite';

const TRIGGER = '.location-picker__trigger';
const triggerText = (page: Page) => page.$eval('.location-picker__text', (el) => el.textContent);
const expectedText = (location: Location) => `${location.city}, ${location.state} ${pickerSuffix(location)}`;

async function openPicker(page: Page): Promise<void> {
  await page.click(TRIGGER);
  await page.waitForSelector('.location-picker__dialog', { visible: true });
}

async function search(page: Page, query: string): Promise<void> {
  await page.type('.location-picker__input', query);
  await page.keyboard.press('Enter');
  await page.waitForSelector('.location-picker__card', { visible: true });
}

describe('header location picker in Chromium', () => {
  const suite = useBrowserSuite();
  const origin = () => `http://localhost:${suite.server.port}`;

  /** Every test starts as a first-time visitor: no saved location in storage or cookie. */
  beforeEach(async () => {
    const tab = await suite.visit('/');
    await tab.page.evaluate(() => localStorage.clear());
    await tab.page.deleteCookie({ name: 'li', url: origin() });
    await tab.page.close();
  });

  /** A seeded location matching a condition, through the same service as the API. */
  async function seededLocation(where: 'is_temporarily_closed' | 'is_reservations_enabled'): Promise<Location> {
    const row = await suite.app.db
      .selectFrom('locations')
      .select('rlid')
      .where(where, '=', true)
      .orderBy('rlid')
      .executeTakeFirstOrThrow();
    return locationByRlid(suite.app.db, row.rlid);
  }

  it('searches, saves a result, shows its details, renders it on the server after reload, and changes it', async function () {
    // A long scenario (two reloads, four axe runs): room for a loaded CI machine.
    this.timeout(90_000);
    const tab = await suite.visit('/');
    const { page } = tab;
    // axe is injected without a nonce, so this tab bypasses the CSP (from the next navigation).
    await page.setBypassCSP(true);
    await page.reload({ waitUntil: 'networkidle0' });
    await waitForHydration(page);
    expect(await triggerText(page)).to.equal('Find A Location Near You');
    await openPicker(page);
    expect(await page.$eval('.location-picker__label', (el) => el.textContent)).to.equal(
      'Search by city, state, or zip',
    );
    expect(await page.$eval('.location-picker__input', (el) => (el as HTMLInputElement).required)).to.equal(true);
    expect(await page.$eval('.location-picker__prompt', (el) => el.textContent)).to.equal(
      'Tell us where you are for the latest specials and prices',
    );
    expect(await page.$eval('.location-picker__options a', (a) => a.getAttribute('href'))).to.equal('/locations/map/');
    expect(await axeViolations(page)).to.deep.equal([]);

    await search(page, 'Orlando, FL');
    const cards = await page.$$eval('.location-picker__card', (buttons) =>
      buttons.map((b) => ({
        rlid: Number(b.getAttribute('data-rlid')),
        distance: b.querySelector('.location-picker__distance')?.textContent ?? '',
        text: b.textContent ?? '',
      })),
    );
    expect(cards.length).to.be.within(2, 26);
    for (const card of cards) expect(card.distance).to.match(/^\d+\.\d miles$/);
    const distances = cards.map((c) => Number.parseFloat(c.distance));
    expect(distances).to.deep.equal([...distances].sort((a, b) => a - b));
    expect(
      await page.$eval('.location-picker__count', (el) => [el.getAttribute('aria-live'), el.textContent]),
    ).to.deep.equal(['polite', `${cards.length} locations`]);
    expect(await page.$eval('.location-picker__all', (a) => a.getAttribute('href'))).to.equal('/locations/map/');
    const first = await locationByRlid(suite.app.db, cards[0]!.rlid);
    expect(first.city).to.equal('Orlando');
    expect(cards[0]!.text.includes('Delivery Available')).to.equal(first.hasDelivery);
    expect(cards[0]!.text.includes('Indoor Dining Available')).to.equal(first.isDiningRoomOpened);
    expect(await axeViolations(page)).to.deep.equal([]);

    await page.click('.location-picker__card');
    await page.waitForSelector('.location-picker__details', { visible: true });
    expect(await triggerText(page)).to.equal(expectedText(first));
    const details = await page.$eval('.location-picker__details', (el) => (el as HTMLElement).innerText);
    expect(details).to.include(first.address1).and.include(first.zip).and.include('Get directions');
    expect(await page.$eval('.location-picker__links a', (a) => a.getAttribute('target'))).to.equal('_blank');
    expect(details.includes('View Local Page')).to.equal(Boolean(first.localPageURL));
    expect(details.includes('Order Now')).to.equal(first.hasOnlineOrdering);
    expect(details.includes('Reserve a Table')).to.equal(first.isReservationsEnabled);
    expect(details.includes('Join the wait list')).to.equal(
      !first.isReservationsEnabled && Boolean(first.waitListReady),
    );
    // One phone link is visible at a time: with the hours on wide screens.
    expect(
      await page.$$eval(
        '.location-picker__phone',
        (links) => links.filter((a) => (a as HTMLElement).offsetParent !== null).length,
      ),
    ).to.equal(1);
    expect(
      await page.$eval('.location-picker__phone-slot--wide', (el) => (el as HTMLElement).offsetParent !== null),
    ).to.equal(true);
    expect(await page.evaluate(() => [localStorage.getItem('storage.rl-us.rlid'), document.cookie])).to.deep.equal([
      String(first.rlid),
      `li=${first.rlid}`,
    ]);
    expect(await axeViolations(page)).to.deep.equal([]);

    // The server renders the trigger from the cookie: the HTML before hydration already has it.
    const response = await page.reload({ waitUntil: 'networkidle0' });
    expect(await response!.text()).to.include(`<span class="location-picker__text">${expectedText(first)}</span>`);
    await waitForHydration(page);
    expect(await triggerText(page)).to.equal(expectedText(first));

    await openPicker(page);
    await page.waitForSelector('.location-picker__details', { visible: true });
    const change = await page.$$('xpath/.//button[normalize-space()="Change Location"]');
    await change[0]!.click();
    await page.waitForSelector('.location-picker__input', { visible: true });
    // The button that had focus is gone: focus moves to the search field (and Escape works from there).
    await page.waitForFunction(() => document.activeElement?.classList.contains('location-picker__input'), {
      timeout: 2000,
    });
    // 'Hide location details' closes the popover from the details view.
    await page.keyboard.press('Escape');
    // Wait for the close to finish, or the trigger's click could land on the closing popover.
    await page.waitForSelector('.location-picker__dialog', { hidden: true });
    await page.waitForFunction(() => document.activeElement?.classList.contains('location-picker__trigger'), {
      timeout: 2000,
    });
    await openPicker(page);
    const hide = await page.$$('xpath/.//button[normalize-space()="Hide location details"]');
    await hide[0]!.click();
    await page.waitForSelector('.location-picker__dialog', { hidden: true });
    tab.assertClean();
    await page.close();
  });

  it('lists the restaurants IN a searched state, at 1280 and 390 px (issue 29)', async () => {
    const inOhio = await suite.app.db
      .selectFrom('locations')
      .select('rlid')
      .where('country', '=', 'US')
      .where('state', '=', 'OH')
      .execute();
    for (const width of [1280, 390]) {
      const tab = await suite.visit('/');
      await tab.page.setViewport({ width, height: 844 });
      await waitForHydration(tab.page);
      await openPicker(tab.page);
      await search(tab.page, 'Ohio');
      const rlids = await tab.page.$$eval('.location-picker__card', (cards) =>
        cards.map((card) => Number(card.getAttribute('data-rlid'))),
      );
      expect(rlids, `${width} px`).to.have.length(Math.min(26, inOhio.length));
      expect(rlids.every((rlid) => inOhio.some((row) => row.rlid === rlid))).to.equal(true);
      tab.assertClean();
      await tab.page.close();
    }
  });

  it('puts the temporarily-closed suffix first, and shows phone under the address on narrow screens', async () => {
    const closed = await seededLocation('is_temporarily_closed');
    const tab = await suite.visit('/');
    await tab.page.setCookie({ name: 'li', value: String(closed.rlid), url: origin() });
    await tab.page.reload({ waitUntil: 'networkidle0' });
    await waitForHydration(tab.page);
    expect(await triggerText(tab.page)).to.equal(`${closed.city}, ${closed.state} (Restaurant Temporarily Closed)`);
    await tab.page.setViewport({ width: 390, height: 844 });
    await openPicker(tab.page);
    await tab.page.waitForSelector('.location-picker__details', { visible: true });
    expect(await tab.page.$eval('.location-picker__hours', (el) => (el as HTMLElement).innerText)).to.include(
      'Temporarily Closed',
    );
    expect(
      await tab.page.$eval('.location-picker__phone-slot--narrow', (el) => (el as HTMLElement).offsetParent !== null),
    ).to.equal(true);
    expect(
      await tab.page.$eval('.location-picker__phone-slot--wide', (el) => (el as HTMLElement).offsetParent !== null),
    ).to.equal(false);
    // The cookie-only visitor's storage now holds the location the server found.
    expect(await tab.page.evaluate(() => localStorage.getItem('storage.rl-us.rlid'))).to.equal(String(closed.rlid));
    tab.assertClean();
    await tab.page.close();
  });

  it('follows a location chosen in another tab', async () => {
    const a = await suite.visit('/');
    const b = await suite.visit('/');
    await a.page.bringToFront();
    await openPicker(a.page);
    await search(a.page, 'Orlando, FL');
    const rlid = Number(await a.page.$eval('.location-picker__card', (el) => el.getAttribute('data-rlid')));
    await a.page.click('.location-picker__card');
    const chosen = await locationByRlid(suite.app.db, rlid);
    await b.page.waitForFunction(
      (text) => document.querySelector('.location-picker__text')?.textContent === text,
      { timeout: 5000, polling: 100 },
      expectedText(chosen),
    );
    // Clearing it in one tab clears it in the other.
    await a.page.evaluate(() => localStorage.setItem('storage.rl-us.locationObj', 'not a location'));
    await b.page.waitForFunction(
      () => document.querySelector('.location-picker__text')?.textContent === 'Find A Location Near You',
      { timeout: 5000, polling: 100 },
    );
    a.assertClean();
    b.assertClean();
    await a.page.close();
    await b.page.close();
  });

  it('fires the reservation event with the rlid', async () => {
    const reservable = await seededLocation('is_reservations_enabled');
    const tab = await suite.visit('/');
    await tab.page.evaluate((json) => {
      localStorage.setItem('storage.rl-us.rlid', String((JSON.parse(json) as { rlid: number }).rlid));
      localStorage.setItem('storage.rl-us.locationObj', json);
    }, JSON.stringify(reservable));
    await tab.page.reload({ waitUntil: 'networkidle0' });
    await waitForHydration(tab.page);
    await tab.page.waitForFunction(
      (text) => document.querySelector('.location-picker__text')?.textContent === text,
      { timeout: 5000 },
      expectedText(reservable),
    );
    // Storage wins, and the cookie follows it for the next server render.
    expect(await tab.page.evaluate(() => document.cookie)).to.equal(`li=${reservable.rlid}`);
    await tab.page.evaluate(() => {
      document.addEventListener('open-reservation-panel', (event) => {
        const detail = (event as CustomEvent<{ rlid: number; returnFocus: HTMLElement | null }>).detail;
        // The picker closes as the panel opens: focus is to return to its trigger.
        (window as unknown as { reserved: unknown }).reserved = {
          rlid: detail.rlid,
          returnFocus: detail.returnFocus?.className,
        };
      });
    });
    await openPicker(tab.page);
    const reserve = await tab.page.$$('xpath/.//a[normalize-space()="Reserve a Table"]');
    await reserve[0]!.click();
    expect(await tab.page.evaluate(() => (window as unknown as { reserved: unknown }).reserved)).to.deep.equal({
      rlid: reservable.rlid,
      returnFocus: 'location-picker__trigger',
    });
    tab.assertClean();
    await tab.page.close();
  });

  it('counts invalid stored data as none', async () => {
    const tab = await suite.visit('/');
    await tab.page.evaluate(() => {
      localStorage.setItem('storage.rl-us.rlid', '12');
      localStorage.setItem('storage.rl-us.locationObj', JSON.stringify({ rlid: 12, city: 'Nowhere' }));
    });
    await tab.page.reload({ waitUntil: 'networkidle0' });
    await waitForHydration(tab.page);
    await tab.page.waitForFunction(() => localStorage.getItem('storage.rl-us.rlid') === null, { timeout: 5000 });
    expect(await triggerText(tab.page)).to.equal('Find A Location Near You');
    await openPicker(tab.page);
    expect(await tab.page.$('.location-picker__input')).to.not.equal(null);
    expect(await tab.page.$('.location-picker__details')).to.equal(null);
    tab.assertClean();
    await tab.page.close();
  });

  it("uses the browser's position when asked, with geolocation granted", async () => {
    await suite.chromium.browser.defaultBrowserContext().overridePermissions(origin(), ['geolocation']);
    const tab = await suite.visit('/');
    await tab.page.setGeolocation({ latitude: 28.5383, longitude: -81.3792 });
    await openPicker(tab.page);
    const useMine = await tab.page.$$('xpath/.//button[normalize-space()="Use My Current Location"]');
    await useMine[0]!.click();
    await tab.page.waitForSelector('.location-picker__card', { visible: true });
    const rlid = Number(await tab.page.$eval('.location-picker__card', (el) => el.getAttribute('data-rlid')));
    expect((await locationByRlid(suite.app.db, rlid)).city).to.equal('Orlando');
    tab.assertClean();
    await tab.page.close();
  });

  it('opens with Enter, closes with Escape and returns focus to the trigger', async () => {
    const tab = await suite.visit('/');
    await tab.page.focus(TRIGGER);
    await tab.page.keyboard.press('Enter');
    await tab.page.waitForSelector('.location-picker__dialog', { visible: true });
    expect(await tab.page.$eval(TRIGGER, (el) => el.getAttribute('aria-expanded'))).to.equal('true');
    expect(
      await tab.page.evaluate(() => Boolean(document.activeElement?.closest('.location-picker__dialog'))),
    ).to.equal(true);
    await tab.page.keyboard.press('Escape');
    await tab.page.waitForSelector('.location-picker__dialog', { hidden: true });
    // react-aria restores focus on the frame after the popover unmounts.
    await tab.page.waitForFunction(() => document.activeElement?.classList.contains('location-picker__trigger'), {
      timeout: 2000,
    });
    expect(await tab.page.$eval(TRIGGER, (el) => el.getAttribute('aria-expanded'))).to.equal('false');
    tab.assertClean();
    await tab.page.close();
  });
});
