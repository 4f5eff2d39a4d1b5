import { expect } from 'chai';
import type { Page } from 'puppeteer-core';
import { axeViolations, WCAG_TAGS } from '../helpers/axe';
import { useBrowserSuite, waitForHydration } from '../helpers/browser-suite';
import { createTestLocation } from '../factories/location';

/** Whether the element is the topmost thing painted at its own centre (nothing covers it). */
const uncovered = (page: Page, selector: string) =>
  page.$eval(selector, (el) => {
    const box = el.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + Math.min(box.height / 2, 10));
    return top !== null && (el === top || el.contains(top));
  });

/**
 * The header picker's "Join the wait list" and "Reserve a Table" open their panel above
 * everything: the picker closes, focus moves into the panel, and closing the panel returns it
 * to the picker's trigger (the link that opened it is gone with the picker).
 */
describe('panels opened from the header picker, in Chromium', function () {
  this.timeout(120_000);
  const suite = useBrowserSuite();

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`opens the wait-list and reservation panels above the closed picker at ${viewport.width} px`, async () => {
      const waitlist = await createTestLocation(suite.app.db, { is_reservations_enabled: false });
      const reservations = await createTestLocation(suite.app.db, { is_reservations_enabled: true });
      const tab = await suite.visit('/', { viewport });
      const { page } = tab;
      await page.setBypassCSP(true);
      for (const [location, kind, field] of [
        [waitlist, 'waitlist', '#panel-join-name'],
        [reservations, 'reservation', '#panel-book-partySize'],
      ] as const) {
        await page.setCookie({
          name: 'li',
          value: String(location.rlid),
          url: `http://localhost:${suite.server.port}`,
        });
        await page.evaluate(() => localStorage.clear());
        await page.reload({ waitUntil: 'networkidle0' });
        await waitForHydration(page);
        await page.click('.location-picker__trigger');
        const action = await page.waitForSelector(`.location-picker__details [data-guest-action="${kind}"]`, {
          visible: true,
        });
        await action!.click();
        await page.waitForSelector('.guest-panel [role="dialog"] form', { visible: true });
        await page.waitForSelector('.location-picker__dialog', { hidden: true });
        expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.guest-panel')))).to.equal(true);
        expect(await page.$eval('.location-picker__trigger', (el) => el.getAttribute('aria-expanded'))).to.equal(
          'false',
        );
        for (const selector of ['.guest-panel__header h2', field, '.guest-panel__close'])
          expect(await uncovered(page, selector), `${kind}: ${selector} is covered`).to.equal(true);
        if (kind === 'waitlist') expect(await axeViolations(page, { tags: WCAG_TAGS })).to.deep.equal([]);
        await page.keyboard.press('Escape');
        await page.waitForFunction(() => !document.querySelector('.guest-panel'));
        expect(
          await page.evaluate(() => document.activeElement?.classList.contains('location-picker__trigger')),
          `${kind}: focus returns to the picker's trigger`,
        ).to.equal(true);
      }
      tab.assertClean();
      await page.close();
    });
  }
});
