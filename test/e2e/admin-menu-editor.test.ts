import { expect } from 'chai';
import type { Page } from 'puppeteer-core';
import { TEST_ADMIN } from '../helpers/app';
import { axeViolations, WCAG_TAGS } from '../helpers/axe';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';
import { signInToAdmin } from '../helpers/admin-sign-in';

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'narrow', width: 390, height: 844 },
];

/** The header menu's structured editor: rows, keyboard reordering, the page chooser, axe. */
describe('header menu editor (Chromium)', function () {
  this.timeout(180_000);
  const suite = useBrowserSuite();

  async function signIn(viewport: (typeof VIEWPORTS)[number]) {
    const context = await suite.chromium.browser.createBrowserContext();
    const tab = await openTab(context, viewport);
    // The injected axe script carries no nonce.
    await tab.page.setBypassCSP(true);
    await signInToAdmin(tab.page, suite.server.baseUrl, TEST_ADMIN, { next: '/wagtail/snippets/' });
    return { ...tab, context };
  }
  const editUrl = async () => {
    const site = await suite.app.db
      .selectFrom('sites')
      .select('id')
      .where('hostname', '=', 'localhost')
      .executeTakeFirstOrThrow();
    const nav = await suite.app.db
      .selectFrom('snippet_navigation')
      .select('id')
      .where('site_id', '=', site.id)
      .where('language_code', '=', 'en-US')
      .executeTakeFirstOrThrow();
    return `${suite.server.baseUrl}/wagtail/snippets/core/tierednavigation/edit/${nav.id}/`;
  };
  const outline = (page: Page) => page.$eval('#id_menu', (el) => (el as HTMLTextAreaElement).value);
  const linkNames = (page: Page) =>
    page.$$eval(
      '.admin-menu-editor__section:first-of-type > .admin-menu-editor__links > li > .admin-menu-editor__row input[id$="-label"]',
      (inputs) => inputs.map((i) => (i as HTMLInputElement).value),
    );

  for (const viewport of VIEWPORTS) {
    it(`edits the menu as rows, reorders by keyboard and has no axe violations at ${viewport.width} px`, async () => {
      const { page, context, assertClean } = await signIn(viewport);
      await page.goto(await editUrl(), { waitUntil: 'load' });
      await page.waitForSelector('.admin-menu-editor');
      expect(
        await page.$eval('#id_menu', (el) => (el as HTMLElement).offsetParent === null),
        'the outline is hidden',
      ).to.equal(true);
      expect(await axeViolations(page, { tags: WCAG_TAGS })).to.deep.equal([]);

      const before = await linkNames(page);
      expect(before.length).to.be.greaterThan(1);
      // Keyboard: focus the second link's Move up button and press Enter.
      const up = await page.$$(
        '.admin-menu-editor__section:first-of-type > .admin-menu-editor__links > li > .admin-menu-editor__row [data-move$=":up"]',
      );
      await up[1]!.focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        (first) =>
          (document.querySelector('.admin-menu-editor__links input[id$="-label"]') as HTMLInputElement).value === first,
        {},
        before[1]!,
      );
      expect(await linkNames(page)).to.deep.equal([before[1], before[0], ...before.slice(2)]);
      // Focus stays on a move button of the moved row (now first: its Move down), and it is announced.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-move') ?? '')).to.match(/:down$/);
      expect(await page.$eval('.admin-menu-editor [role="status"]', (el) => el.textContent)).to.include('position 1');
      expect((await outline(page)).split('\n')[1]).to.equal(
        (await outline(page)).split('\n').find((line) => line.startsWith(`- ${before[1]}`)),
      );

      // Add a link with an address, and a sub-link; the outline follows.
      const addLink = await page.$('.admin-menu-editor__section:first-of-type > [data-add-link]');
      await addLink!.click();
      await page.keyboard.type('Gift Cards');
      const newRow = await page.$$('.admin-menu-editor__section:first-of-type > .admin-menu-editor__links > li');
      const url = await newRow.at(-1)!.$('input[id$="-url"]');
      await url!.type('/gift-cards/');
      expect(await outline(page)).to.include('- Gift Cards | /gift-cards/');

      // The page chooser opens from a row and sets a page link.
      const choose = await newRow.at(-1)!.$('.admin-menu-editor__target button');
      await choose!.click();
      await page.waitForSelector('.admin-chooser__result button.admin-chooser__title', { timeout: 15_000 });
      expect(await axeViolations(page, { tags: WCAG_TAGS })).to.deep.equal([]);
      await page.click('.admin-chooser__result button.admin-chooser__title');
      await page.waitForFunction(() => !document.querySelector('.admin-chooser'));
      expect(await outline(page)).to.match(/- Gift Cards \| page:\d+/);
      expect(await newRow.at(-1)!.$eval('.admin-menu-editor__chosen', (el) => el.textContent)).to.match(/\(page \d+\)/);

      await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('button[name="action-draft"]')]);
      await page.goto(await editUrl(), { waitUntil: 'load' });
      expect(await outline(page), 'the saved draft keeps the page link').to.match(/- Gift Cards \| page:\d+/);
      assertClean();
      await context.close();
    });
  }
});
