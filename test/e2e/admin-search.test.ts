import { expect } from 'chai';
import type { Page } from 'puppeteer-core';
import { signInToAdmin } from '../helpers/admin-sign-in';
import { axeViolations } from '../helpers/axe';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

type Box = { top: number; bottom: number; left: number; right: number };
const boxOf = (page: Page, selector: string): Promise<Box> =>
  page.$eval(selector, (el) => {
    const { top, bottom, left, right } = el.getBoundingClientRect();
    return { top, bottom, left, right };
  });
const overlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
/** The page is no wider than the window (WCAG 1.4.10: no sideways scrolling). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('back office: search, the rail and the phone editor in Chromium', () => {
  const suite = useBrowserSuite();

  const signedIn = async (viewport: { width: number; height: number }) => {
    const tab = await openTab(suite.chromium.browser, viewport);
    await tab.page.setBypassCSP(true);
    await signInToAdmin(tab.page, suite.server.baseUrl, undefined, { freshCookies: true });
    return tab;
  };
  const go = (page: Page, path: string) => page.goto(`${suite.server.baseUrl}${path}`, { waitUntil: 'load' });

  it('searches from the sidebar box with the keyboard, and shows grouped results without violations', async () => {
    const tab = await signedIn(DESKTOP);
    const { page } = tab;
    await go(page, '/wagtail/');
    await page.focus('#id_sidebar_search');
    await page.keyboard.type('harborline');
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).to.equal('/wagtail/search/?q=harborline');
    const headings = await page.$$eval('.admin-search-group h2', (hs) => hs.map((h) => h.textContent));
    expect(headings[0]).to.match(/^Pages \(\d+\)$/);
    expect(await page.$eval('.admin-search-group a[href^="/wagtail/pages/search/?q="]', (a) => a.textContent)).to.match(
      /^See all \d+ pages matching "harborline"$/,
    );
    expect(await axeViolations(page)).to.deep.equal([]);

    // The empty and the refused query, at the desktop width too.
    // Chromium honours autofocus only in a focused window (two browser processes and other
    // suites' tabs run beside this one): the tab a person works in.
    await page.bringToFront();
    await go(page, '/wagtail/search/');
    await page
      .waitForFunction(() => document.activeElement?.id === 'id_admin_search', { timeout: 5_000 })
      .catch(() => undefined);
    expect(await page.evaluate(() => document.activeElement?.id)).to.equal('id_admin_search');
    expect(await axeViolations(page)).to.deep.equal([]);
    await go(page, `/wagtail/search/?q=${'x'.repeat(300)}`);
    expect(await page.$eval('#id_admin_search_error', (p) => p.textContent)).to.equal('Enter at most 255 characters.');
    expect(await axeViolations(page)).to.deep.equal([]);
    tab.assertClean();
    await page.close();
  });

  it('fits the search screen to a phone', async () => {
    const tab = await signedIn(PHONE);
    const { page } = tab;
    await go(page, '/wagtail/search/?q=harborline');
    expect(await page.$$eval('.admin-search-group', (groups) => groups.length)).to.be.at.least(1);
    expect(await overflow(page)).to.equal(0);
    expect(await axeViolations(page)).to.deep.equal([]);
    // The sidebar's box is in the phone menu.
    await page.click('[data-sidebar-toggle]');
    expect(await page.$eval('#id_sidebar_search', (el) => el.checkVisibility())).to.equal(true);
    expect(await axeViolations(page)).to.deep.equal([]);
    tab.assertClean();
    await page.close();
  });

  it('names each icon of the collapsed sidebar in a tooltip on hover and focus, which Escape dismisses', async () => {
    const tab = await signedIn(DESKTOP);
    const { page } = tab;
    await go(page, '/wagtail/');
    await page.click('[data-sidebar-toggle]');
    expect(await page.$eval('.admin-sidebar', (el) => Math.round(el.getBoundingClientRect().width))).to.equal(72);
    // The search is its icon button alone.
    expect(await page.$eval('#id_sidebar_search', (el) => el.checkVisibility())).to.equal(false);
    expect(await page.$eval('.admin-sidebar-search__button', (el) => el.checkVisibility())).to.equal(true);

    const link = 'nav[aria-label="Main"] a[href="/wagtail/pages/"]';
    const tip = `${link} .admin-sidebar__label`;
    const tipShown = () =>
      page.$eval(tip, (el) => {
        const box = el.getBoundingClientRect();
        return box.width > 20 && box.height > 10;
      });
    expect(await tipShown()).to.equal(false);
    // Hover: the label shows beside the icon, outside the 72-px rail, level with it.
    await page.hover(link);
    expect(await tipShown()).to.equal(true);
    const linkBox = await boxOf(page, link);
    const tipBox = await boxOf(page, tip);
    expect(tipBox.left).to.be.at.least(linkBox.right);
    expect(tipBox.top).to.be.below(linkBox.bottom);
    expect(tipBox.bottom).to.be.above(linkBox.top);
    expect(await page.$eval(tip, (el) => el.textContent)).to.equal('Pages');
    // Hoverable: moving the pointer onto the tooltip keeps it.
    await page.mouse.move(tipBox.left + 4, (tipBox.top + tipBox.bottom) / 2, { steps: 4 });
    expect(await tipShown()).to.equal(true);
    expect(await axeViolations(page)).to.deep.equal([]);
    // Dismissable: Escape hides it while the pointer stays.
    await page.keyboard.press('Escape');
    expect(await tipShown()).to.equal(false);
    await page.mouse.move(700, 450);

    // Keyboard focus shows the tooltip too, the search button's and a link's.
    await page.focus('.admin-sidebar-search__button');
    await page.keyboard.press('Tab');
    await page.keyboard.down('Shift');
    await page.keyboard.press('Tab');
    await page.keyboard.up('Shift');
    expect(
      await page.$eval('.admin-sidebar-search__button .admin-sidebar__label', (el) => [
        el.textContent,
        el.getBoundingClientRect().width > 20,
      ]),
    ).to.deep.equal(['Search', true]);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).to.equal('/wagtail/pages/');
    expect(await tipShown()).to.equal(true);
    await page.keyboard.press('Escape');
    expect(await tipShown()).to.equal(false);
    // Moving on to the next control shows its own.
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => {
        const label = document.activeElement?.querySelector('.admin-sidebar__label');
        return label ? label.getBoundingClientRect().width > 20 : false;
      }),
    ).to.equal(true);
    // Every control of the rail has a label to show.
    const unnamed = await page.$$eval('.admin-sidebar a, .admin-sidebar button', (controls) =>
      controls.filter((c) => !c.querySelector('.admin-sidebar__label')?.textContent?.trim()).map((c) => c.outerHTML),
    );
    expect(unnamed).to.deep.equal([]);
    tab.assertClean();
    await page.close();
  });

  it("wraps the editor's header on a phone and keeps the action bar off 'Add block' and the last field", async () => {
    const about = await suite.app.db
      .selectFrom('pages')
      .select('id')
      .where('slug', '=', 'about')
      .orderBy('path')
      .executeTakeFirstOrThrow();
    const tab = await signedIn(PHONE);
    const { page } = tab;
    await go(page, `/wagtail/pages/${about.id}/edit/`);
    await page.waitForSelector('.admin-add-block');
    expect(await overflow(page)).to.equal(0);
    // Title, status and the header's action: none overlaps another, and each fits the screen.
    const header = await page.$$eval(
      '.admin-edit > .admin-heading h1, .admin-edit > .admin-heading .admin-status, .admin-edit > .admin-heading > .admin-button',
      (els) =>
        els.map((el) => {
          const { top, bottom, left, right } = el.getBoundingClientRect();
          return { top, bottom, left, right };
        }),
    );
    expect(header).to.have.length(3);
    for (const [i, a] of header.entries()) {
      expect(a.right, `header item ${i}`).to.be.at.most(PHONE.width);
      for (const b of header.slice(i + 1)) expect(overlap(a, b), `header items ${i}`).to.equal(false);
    }

    // Scrolled to the end: the sticky bar covers neither the last 'Add block' nor the last field.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const bar = await boxOf(page, '[data-action-bar]');
    const addBlocks = await page.$$('.admin-add-block');
    const lastAdd = await addBlocks[addBlocks.length - 1]!.evaluate((el) => {
      const { top, bottom, left, right } = el.getBoundingClientRect();
      return { top, bottom, left, right };
    });
    expect(overlap(bar, lastAdd), 'bar over Add block').to.equal(false);
    expect(lastAdd.bottom).to.be.at.most(PHONE.height);
    // From the top, 'Add block' brought into view lands clear of the bar (the scroll padding
    // follows the bar's height), at 390 px and at 320 px, where the bar wraps to two rows.
    for (const viewport of [PHONE, { width: 320, height: 720 }]) {
      await page.setViewport(viewport);
      await page.evaluate(() => {
        (document.activeElement as HTMLElement | null)?.blur();
        window.scrollTo(0, 0);
      });
      const addButtons = await page.$$('.admin-add-block');
      const target = addButtons[addButtons.length - 1]!;
      // As Tab does: the nearest scroll that shows it, honouring the page's scroll padding.
      await target.evaluate((el) => {
        (el as HTMLElement).focus({ preventScroll: true });
        el.scrollIntoView({ block: 'nearest' });
      });
      expect(await page.evaluate(() => document.activeElement?.className)).to.include('admin-add-block');
      const focused = await target.evaluate((el) => {
        const { top, bottom, left, right } = el.getBoundingClientRect();
        return { top, bottom, left, right };
      });
      const barNow = await boxOf(page, '[data-action-bar]');
      expect(overlap(barNow, focused), `${viewport.width} px: bar over the focused Add block`).to.equal(false);
      expect(focused.bottom, `${viewport.width} px: ${JSON.stringify([focused, barNow])}`).to.be.at.most(
        viewport.height,
      );
    }
    await page.setViewport(PHONE);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastField = await page.$$eval(
      '[data-tab="content"] :is(input, textarea, select, [contenteditable])',
      (els) => {
        const visible = els.filter((el) => el.checkVisibility());
        const { top, bottom, left, right } = visible[visible.length - 1]!.getBoundingClientRect();
        return { top, bottom, left, right };
      },
    );
    expect(overlap(await boxOf(page, '[data-action-bar]'), lastField), 'bar over the last field').to.equal(false);
    expect(await axeViolations(page, { iframes: false })).to.deep.equal([]);
    tab.assertClean();
    await page.close();
  });
});
