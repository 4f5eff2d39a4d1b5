import { expect } from 'chai';
import type { Page } from 'puppeteer-core';
import {
  insertGroup,
  replaceGroupPagePermissions,
  replaceUserGroups,
} from '../../server/modules/permissions/groups-repo';
import { hashPassword } from '../../server/modules/users/passwords';
import { insertUser } from '../../server/modules/users/repo';
import { createTestLocation } from '../factories/location';
import { signInToAdmin } from '../helpers/admin-sign-in';
import { axeViolations } from '../helpers/axe';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 768, height: 1024 };
const DESKTOP = { width: 1440, height: 900 };
const LIMITED = { username: 'e2e-section-editor', password: 'e2e-section-editor-password' };

/** The page is no wider than the window (WCAG 1.4.10: no sideways scrolling). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const visible = (page: Page, selector: string) =>
  page.$eval(selector, (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 1 && box.height > 1 && getComputedStyle(el).visibility !== 'hidden';
  });
const sidebarWidth = (page: Page) => page.$eval('.admin-sidebar', (el) => Math.round(el.getBoundingClientRect().width));

describe('back office on desktops, tablets and phones in Chromium', () => {
  const suite = useBrowserSuite();

  /** A fresh tab at a size, signed in (as the administrator unless told), cookies cleared first. */
  const signedIn = async (viewport: { width: number; height: number }, who?: typeof LIMITED) => {
    const tab = await openTab(suite.chromium.browser, viewport);
    await tab.page.setBypassCSP(true);
    await signInToAdmin(tab.page, suite.server.baseUrl, who, { freshCookies: true });
    return tab;
  };
  const go = (page: Page, path: string) => page.goto(`${suite.server.baseUrl}${path}`, { waitUntil: 'load' });

  it('opens the sidebar on a desktop and collapses it to icons on a tablet, until the user chooses', async () => {
    const tab = await signedIn(DESKTOP);
    const { page } = tab;
    await go(page, '/wagtail/pages/');
    expect(await sidebarWidth(page)).to.equal(248);
    expect(await visible(page, 'nav[aria-label="Main"] a[aria-current="page"] .admin-sidebar__label')).to.equal(true);
    expect(await page.$eval('[data-sidebar-toggle]', (el) => el.getAttribute('aria-expanded'))).to.equal('true');
    // Icons from the sprite, hidden from assistive technology.
    const icon = await page.$eval('nav[aria-label="Main"] svg use', (use) => use.getAttribute('href'));
    expect(icon).to.match(/^\/static\/assets\/admin-icons-\w+\.svg#i-layout-dashboard$/);
    expect(await page.$eval('nav[aria-label="Main"] svg', (svg) => svg.getAttribute('aria-hidden'))).to.equal('true');
    expect(await axeViolations(page)).to.deep.equal([]);

    await page.setViewport(TABLET);
    expect(await sidebarWidth(page)).to.equal(72);
    expect(await visible(page, 'nav[aria-label="Main"] a[aria-current="page"] .admin-sidebar__label')).to.equal(false);
    expect(await page.$eval('[data-sidebar-toggle]', (el) => el.getAttribute('aria-expanded'))).to.equal('false');
    // The label stays the link's name.
    expect(await page.$eval('nav[aria-label="Main"] a[aria-current="page"]', (a) => a.textContent)).to.equal('Pages');
    expect(await axeViolations(page)).to.deep.equal([]);

    // Opened on the tablet: remembered, and the server renders it so on the next screen.
    await page.click('[data-sidebar-toggle]');
    expect(await sidebarWidth(page)).to.equal(248);
    expect((await page.cookies()).find((c) => c.name === 'wagtail_sidebar')?.value).to.equal('expanded');
    await go(page, '/wagtail/');
    expect(await page.$eval('.admin-layout', (el) => el.className)).to.equal('admin-layout admin-layout--expanded');
    expect(await sidebarWidth(page)).to.equal(248);
    expect(await overflow(page)).to.equal(0);
    tab.assertClean();
    await page.close();
  });

  it('turns the sidebar into a menu button on a phone: a disclosure that Escape closes, returning focus', async () => {
    const tab = await signedIn(PHONE);
    const { page } = tab;
    await go(page, '/wagtail/pages/');
    const toggle = '[data-sidebar-toggle]';
    expect(await visible(page, toggle)).to.equal(true);
    expect(await page.$eval(toggle, (el) => el.textContent)).to.equal('Main menu');
    expect(await visible(page, 'nav[aria-label="Main"]')).to.equal(false);
    // The bar is one row: the content starts right under it.
    expect(await page.$eval('.admin-sidebar', (el) => el.getBoundingClientRect().height)).to.be.at.most(60);
    expect(await overflow(page)).to.equal(0);
    expect(await axeViolations(page)).to.deep.equal([]);

    await page.focus(toggle);
    await page.keyboard.press('Enter');
    expect(await page.$eval(toggle, (el) => el.getAttribute('aria-expanded'))).to.equal('true');
    expect(await visible(page, 'nav[aria-label="Main"]')).to.equal(true);
    expect(await axeViolations(page)).to.deep.equal([]);
    // The menu starts with the search box, then the navigation.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).to.equal('id_sidebar_search');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).to.equal('Dashboard');
    await page.keyboard.press('Escape');
    expect(await visible(page, 'nav[aria-label="Main"]')).to.equal(false);
    expect(await page.$eval(toggle, (el) => el.getAttribute('aria-expanded'))).to.equal('false');
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-sidebar-toggle'))).to.equal(true);
    // A click outside closes it too.
    await page.click(toggle);
    // The open menu covers the screen below the bar, so the click is sent to the heading itself
    // (a pointer click there would land on the menu's search box).
    await page.$eval('h1', (h1) => (h1 as HTMLElement).click());
    expect(await visible(page, 'nav[aria-label="Main"]')).to.equal(false);
    tab.assertClean();
    await page.close();
  });

  it("keeps the page editor's action bar on one row on a phone, Preview in 'More actions'", async () => {
    const story = await suite.app.db
      .selectFrom('pages')
      .select('id')
      .where('slug', '=', 'about')
      .orderBy('path')
      .executeTakeFirstOrThrow();
    for (const viewport of [PHONE, TABLET, DESKTOP]) {
      const tab = await signedIn(viewport);
      const { page } = tab;
      await go(page, `/wagtail/pages/${story.id}/edit/`);
      await page.waitForSelector('[data-live-preview-toggle]');
      await page.waitForSelector('[data-comments-toggle]');
      const rows = await page.$$eval('[data-action-bar] button, [data-action-bar] a', (controls) => [
        ...new Set(
          controls
            .filter((c) => c.getBoundingClientRect().width > 0)
            .map((c) => Math.round(c.getBoundingClientRect().top)),
        ),
      ]);
      expect(rows, `${viewport.width} px`).to.have.length(1);
      expect(await overflow(page), `${viewport.width} px`).to.equal(0);
      if (viewport === PHONE) {
        for (const selector of ['[data-live-preview-toggle]', '[data-comments-toggle]']) {
          const box = await page.$eval(selector, (el) => [
            el.getBoundingClientRect().width,
            el.getBoundingClientRect().height,
          ]);
          expect(box[0]).to.be.at.least(44);
          expect(box[1]).to.be.at.least(44);
        }
        expect(await page.$eval('[data-live-preview-toggle]', (el) => el.textContent)).to.equal('Live preview');
        await page.click('[data-action-menu-trigger]');
        const items = await page.$$eval('[role="menuitem"]', (menu) => menu.map((item) => item.textContent));
        expect(items).to.include('Preview (opens in a new tab)');
        await page.keyboard.press('Escape');
        expect(await axeViolations(page, { iframes: false })).to.deep.equal([]);
      }
      tab.assertClean();
      await page.close();
    }
  });

  it('shows 404 and 403 inside the admin shell with a way back to the dashboard', async () => {
    const group = await insertGroup(suite.app.db, { name: 'E2E section editors', can_access_admin: true });
    const story = await suite.app.db
      .selectFrom('pages')
      .select(['id', 'title'])
      .where('slug', '=', 'about')
      .orderBy('path')
      .executeTakeFirstOrThrow();
    await replaceGroupPagePermissions(suite.app.db, group.id, [{ page_id: story.id, permission_type: 'change' }]);
    const user = await insertUser(suite.app.db, {
      username: LIMITED.username,
      email: 'e2e-section@example.com',
      password_hash: await hashPassword(LIMITED.password),
      is_superuser: false,
    });
    await replaceUserGroups(suite.app.db, user.id, [group.id]);

    const tab = await signedIn(DESKTOP, LIMITED);
    const { page } = tab;
    for (const [path, status, heading] of [
      ['/wagtail/no-such-screen/', 404, 'Page not found'],
      ['/wagtail/users/', 403, 'You do not have permission to see this'],
    ] as const) {
      const response = await go(page, path);
      expect(response?.status(), path).to.equal(status);
      expect(await page.$eval('h1', (h) => h.textContent)).to.equal(heading);
      expect(await page.$('nav[aria-label="Main"]'), path).to.not.equal(null);
      expect(await page.$eval('.admin-error a', (a) => a.getAttribute('href'))).to.equal('/wagtail/');
      expect(await axeViolations(page)).to.deep.equal([]);
    }
    // The limited user's explorer opens at the page they were granted, not the tree root.
    await go(page, '/wagtail/pages/');
    expect(await page.$eval('h1', (h) => h.textContent)).to.equal(story.title);
    expect(await axeViolations(page)).to.deep.equal([]);
    tab.assertClean();
    await page.close();
  });

  it('fits the host stand to a tablet and a phone: one row per party, large targets, no sideways scroll', async () => {
    const loc = await createTestLocation(suite.app.db, { latitude: 28.5403, longitude: -81.3803 });
    for (const viewport of [TABLET, PHONE]) {
      const tab = await signedIn(viewport);
      const { page } = tab;
      const url = `/wagtail/waitlist/${loc.rlid}/`;
      for (const name of ['Ada Lovelace', 'The Hopper family of Arlington']) {
        await go(page, url);
        await page.type('#walkin-name', `${name} ${viewport.width}`);
        await Promise.all([page.waitForNavigation(), page.click('.host-stand__form button[type="submit"]')]);
      }
      await go(page, url);
      expect(await overflow(page), `${viewport.width} px`).to.equal(0);
      // One primary action per party; the others behind the party's disclosure.
      const parties = await page.$$eval('.host-queue__party', (rows) =>
        rows.map((row) => ({
          primary: row.querySelectorAll('.host-queue__primary button').length,
          shown: [...row.querySelectorAll('button')].filter((b) => b.checkVisibility()).length,
        })),
      );
      expect(parties.length).to.be.at.least(2);
      for (const party of parties) expect(party).to.deep.equal({ primary: 1, shown: 1 });
      await page.click('.host-queue__more summary');
      const targets = await page.$$eval(
        '.host-stand button, .host-stand summary, .host-stand input:not([type="hidden"]), .host-stand select',
        (controls) =>
          controls
            .filter((c) => c.checkVisibility())
            .map((c) => ({
              what: c.outerHTML.slice(0, 60),
              width: c.getBoundingClientRect().width,
              height: c.getBoundingClientRect().height,
            })),
      );
      for (const target of targets) {
        expect(target.height, target.what).to.be.at.least(44);
        expect(target.width, target.what).to.be.at.least(44);
      }
      expect(await overflow(page), `${viewport.width} px, details open`).to.equal(0);
      expect(await axeViolations(page)).to.deep.equal([]);
      tab.assertClean();
      await page.close();
    }
  });
});
