import { expect } from 'chai';
import type { Page } from 'puppeteer-core';
import { createPage } from '../../server/modules/pages/service';
import { axeViolations } from '../helpers/axe';
import { TEST_ADMIN } from '../helpers/app';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';
import { signInToAdmin } from '../helpers/admin-sign-in';

const signIn = (page: Page, baseUrl: string) => signInToAdmin(page, baseUrl, TEST_ADMIN, { freshCookies: true });
const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/** Sets a datetime-local input as a person typing would (the browser's own picker varies by locale). */
async function setLocalTime(page: Page, selector: string, value: string) {
  await page.$eval(
    selector,
    (input, typed) => {
      (input as HTMLInputElement).value = typed as string;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    value,
  );
}

/** An entry of the edit screen's actions menu, by its label (the menu opened first). */
async function menuItem(page: Page, label: string) {
  await page.click('[data-action-menu-trigger]');
  await page.waitForSelector('.admin-menu__item');
  const items = await page.$$('.admin-menu__item');
  const labels = await Promise.all(items.map((item) => item.evaluate((el) => el.textContent)));
  const item = items[labels.indexOf(label)];
  if (!item) throw new Error(`no '${label}' in the actions menu: ${labels.join(', ')}`);
  return item;
}

describe('back office in Chromium: the error summary and the schedule dialog', () => {
  const suite = useBrowserSuite();

  it('summarises errors at the top with links that move focus to each field, without axe violations at 1440 and 390 px', async () => {
    for (const viewport of WIDTHS) {
      const tab = await openTab(suite.chromium.browser, viewport);
      const { page } = tab;
      await page.setBypassCSP(true);
      await signIn(page, suite.server.baseUrl);
      await page.goto(`${suite.server.baseUrl}/wagtail/account/`, { waitUntil: 'load' });
      await page.$eval('#id_email', (input) => ((input as HTMLInputElement).value = 'not an address'));
      await Promise.all([
        page.waitForNavigation({ waitUntil: 'load' }),
        page.click('form[action="/wagtail/account/"] button[type="submit"]'),
      ]);
      // The summary takes focus, so the first thing read is what to fix.
      await page.waitForFunction(() => document.activeElement?.hasAttribute('data-error-summary'));
      const link = await page.waitForSelector('[data-error-summary] a[href="#id_email"]');
      expect(await link!.evaluate((el) => el.textContent)).to.equal('Email: Enter a valid email address.');
      expect(await page.$eval('#id_email-error', (el) => el.textContent)).to.equal('Enter a valid email address.');
      expect(await axeViolations(page)).to.deep.equal([]);
      await link!.click();
      await page.waitForFunction(() => document.activeElement?.id === 'id_email');
      tab.assertClean();
      await page.close();
    }
  });

  it('schedules in a dialog that says when the page goes live in the editor’s zone, without axe violations at 1440 and 390 px', async () => {
    await suite.app.db
      .updateTable('users')
      .set({ time_zone: 'America/New_York' })
      .where('username', '=', TEST_ADMIN.username)
      .execute();
    const home = await suite.app.db
      .selectFrom('pages')
      .selectAll()
      .where('page_type', '=', 'HomePage')
      .orderBy('path')
      .executeTakeFirstOrThrow();
    for (const [index, viewport] of WIDTHS.entries()) {
      const page_ = await createPage(suite.app.db, {
        parentId: home.id,
        pageType: 'ExamplePage',
        title: `Winter menu ${index}`,
        slug: `winter-menu-${index}`,
        content: { body: [] },
      });
      const tab = await openTab(suite.chromium.browser, viewport);
      const { page } = tab;
      await page.setBypassCSP(true);
      await signIn(page, suite.server.baseUrl);
      await page.goto(`${suite.server.baseUrl}/wagtail/pages/${page_.id}/edit/`, { waitUntil: 'load' });

      // The action bar's Schedule opens the dialog.
      await menuItem(page, 'Schedule').then((item) => item.click());
      await page.waitForSelector('dialog[data-schedule-dialog][open]');
      await page.waitForFunction(() => document.activeElement?.id === 'id_go_live_at');
      expect(
        await page.$eval('dialog[data-schedule-dialog] label[for="id_go_live_at"]', (el) => el.textContent),
      ).to.equal('Go-live date and time (America/New York)');
      await setLocalTime(page, '#id_go_live_at', '2027-12-01T09:00');
      await page.waitForFunction(() =>
        document
          .querySelector('dialog[open] [data-schedule-go-live]')
          ?.textContent?.includes('Goes live on Wednesday 1 December 2027 at 09:00 EST.'),
      );
      expect(await axeViolations(page, { iframes: false })).to.deep.equal([]);

      // Cancel puts the time back; Save schedule keeps it, and the Settings tab says it.
      await page.click('dialog[data-schedule-dialog] .admin-button--secondary');
      await page.waitForSelector('dialog[data-schedule-dialog]:not([open])');
      // The dialog's close event (which puts the time back) is dispatched after the open attribute goes.
      await page.waitForFunction(() => (document.querySelector('#id_go_live_at') as HTMLInputElement).value === '');
      await menuItem(page, 'Schedule').then((item) => item.click());
      await page.waitForSelector('dialog[data-schedule-dialog][open]');
      await setLocalTime(page, '#id_go_live_at', '2027-12-01T09:00');
      await page.click('dialog[data-schedule-dialog] .admin-button--primary');
      await page.waitForSelector('dialog[data-schedule-dialog]:not([open])');
      // The Settings tab keeps the sentence, with a button to open the dialog again.
      await page.click('.admin-tabs__tab:last-child');
      await page.waitForSelector('#schedule-summary button', { visible: true });
      expect(await page.$eval('#schedule-summary', (el) => el.textContent)).to.include(
        'Goes live on Wednesday 1 December 2027 at 09:00 EST.',
      );

      // Publishing schedules it, stored in UTC, and the confirmation says when.
      const publish = await menuItem(page, 'Publish');
      await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), publish.click()]);
      expect(await page.$eval('.admin-message', (el) => el.textContent)).to.include(
        'It goes live on Wednesday 1 December 2027 at 09:00 EST.',
      );
      const stored = await suite.app.db
        .selectFrom('pages')
        .select('go_live_at')
        .where('id', '=', page_.id)
        .executeTakeFirstOrThrow();
      expect(new Date(stored.go_live_at!).toISOString()).to.equal('2027-12-01T14:00:00.000Z');
      expect(await axeViolations(page, { iframes: false })).to.deep.equal([]);
      tab.assertClean();
      page.on('dialog', (dialog) => void dialog.accept());
      await page.close({ runBeforeUnload: false });
    }
  });
});
