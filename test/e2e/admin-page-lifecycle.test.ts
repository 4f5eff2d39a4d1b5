import { expect } from 'chai';
import type { Page } from 'puppeteer-core';
import { ensureSuperuser } from '../../server/modules/users/service';
import { createTestApp, listen, TEST_ADMIN, type TestApp } from '../helpers/app';
import { launchBrowser, openTab, type TestBrowser } from '../helpers/browser';
import { chooseEditAction } from '../helpers/edit-screen';
import { signInToAdmin } from '../helpers/admin-sign-in';

const OTHER = { username: 'night-editor', password: 'night-editor-password' };

const signIn = (page: Page, baseUrl: string, who: { username: string; password: string }) =>
  signInToAdmin(page, baseUrl, who);

async function submit(page: Page, selector: string) {
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(selector)]);
}

describe('back office page lifecycle in Chromium', () => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof listen>>;
  let chromium: TestBrowser;
  before(async function () {
    this.timeout(180_000); // migrating and seeding the whole demo is slow on a busy machine
    t = await createTestApp();
    await ensureSuperuser(t.db, OTHER.username, OTHER.password);
    server = await listen(t.app);
    chromium = await launchBrowser();
  });
  after(async () => {
    await chromium?.close();
    await server?.close();
    await t?.close();
  });

  it('creates a page with blocks, drafts, publishes, compares, reverts, and locks against another user', async () => {
    const home = await t.db
      .selectFrom('pages')
      .select('id')
      .where('page_type', '=', 'HomePage')
      .orderBy('path')
      .executeTakeFirstOrThrow();
    const tab = await openTab(chromium.browser);
    const { page } = tab;
    await signIn(page, server.baseUrl, TEST_ADMIN);

    // Add under home: choose the type, then publish the first (empty) version.
    await page.goto(`${server.baseUrl}/wagtail/pages/add/${home.id}/`, { waitUntil: 'load' });
    await submit(page, `a[href="/wagtail/pages/add/ExamplePage/${home.id}/"]`);
    await page.type('#id_title', 'Chowder week');
    await submit(page, 'button[name="action-publish"]');
    const pageId = Number(/\/wagtail\/pages\/(\d+)\/edit\//.exec(page.url())![1]);
    expect(pageId).to.be.greaterThan(0);

    // The block editor replaces the JSON textarea; add a heading with the keyboard-usable menu.
    await page.waitForSelector('[data-stream-field="body"]');
    expect(await page.$eval('.admin-json-fallback', (el) => el.hasAttribute('hidden'))).to.equal(true);
    // By keyboard: Enter opens the picker in its search box, typing filters, the arrow reaches Heading, Enter picks it.
    await page.focus('[data-stream-field="body"] .admin-add-block');
    await page.keyboard.press('Enter');
    // Wait for focus to reach the search box, and for the list to be filtered, before the next key.
    await page.waitForFunction(() => document.activeElement?.classList.contains('admin-block-picker__input') === true);
    await page.keyboard.type('head');
    await page.waitForFunction(() => {
      const items = [...document.querySelectorAll('.admin-menu__item')];
      return items.length > 0 && items.every((item) => /head/i.test(item.textContent ?? ''));
    });
    await page.keyboard.press('ArrowDown');
    await page.waitForSelector('.admin-menu__item[data-focused]');
    expect(await page.$eval('.admin-menu__item[data-focused]', (el) => el.textContent)).to.equal('Heading');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-stream-field="body"] li[data-block-type="heading"] input[type="text"]');
    await page.type('[data-stream-field="body"] li[data-block-type="heading"] input[type="text"]', 'Clam chowder');
    await submit(page, '.admin-actions button[type="submit"]:not([name])');
    expect(await page.$eval('[role="status"]', (el) => el.textContent)).to.include('has been updated');

    // The public site, as a visitor's request sees it.
    const publicHtml = () => fetch(`${server.baseUrl}/chowder-week/`).then((res) => res.text());
    expect(await publicHtml()).to.not.include('Clam chowder');

    await page.waitForSelector('[data-stream-field="body"] li[data-block-type="heading"]');
    await chooseEditAction(page, 'Publish');
    expect(await publicHtml()).to.include('Clam chowder');

    // Revisions: the first version, the draft with the heading, the published copy of it. Compare
    // the draft with the first version: only the added heading shows.
    await page.goto(`${server.baseUrl}/wagtail/pages/${pageId}/revisions/`, { waitUntil: 'load' });
    const compareLinks = await page.$$eval('a[href*="/revisions/compare/"]', (links) =>
      links.map((a) => a.getAttribute('href')!),
    );
    const previous = compareLinks.filter((href) => !href.endsWith('...live/')).at(-1)!;
    await page.goto(`${server.baseUrl}${previous}`, { waitUntil: 'load' });
    const compareText = await page.$eval('main', (el) => el.textContent ?? '');
    expect(compareText).to.include('Added block: Heading (Body, position 1)');
    expect(compareText).to.include('Clam chowder');

    // Revert to the first revision: a new draft without the heading; the live page keeps it.
    // Through the history's "Review and revert": the old revision shown, then a confirmation.
    await page.goto(`${server.baseUrl}/wagtail/pages/${pageId}/history/`, { waitUntil: 'load' });
    const revertLinks = await page.$$eval('a[href$="/revert/"]', (links) => links.map((a) => a.getAttribute('href')!));
    await page.goto(`${server.baseUrl}${revertLinks.at(-1)!}`, { waitUntil: 'load' });
    expect(await page.$eval('main', (el) => el.textContent ?? '')).to.include(
      'Replace the current draft with this revision?',
    );
    await Promise.all([
      page.waitForNavigation({ waitUntil: 'load' }),
      page.click('form[action$="/revert/"] button[type="submit"]'),
    ]);
    expect(await page.$eval('[role="status"]', (el) => el.textContent)).to.include('reverted');
    await page.waitForSelector('[data-stream-field="body"]');
    expect(await page.$$('[data-stream-field="body"] li[data-block-type="heading"]')).to.have.length(0);
    expect(await publicHtml()).to.include('Clam chowder');

    // Lock as the admin; another user sees who locked it and cannot save.
    await chooseEditAction(page, 'Lock');
    expect(await page.$eval('[data-testid="lock-banner"]', (el) => el.textContent)).to.include(
      'You have locked this page',
    );
    const context = await chromium.browser.createBrowserContext();
    const other = await context.newPage();
    await signIn(other, server.baseUrl, OTHER);
    await other.goto(`${server.baseUrl}/wagtail/pages/${pageId}/edit/`, { waitUntil: 'load' });
    expect(await other.$eval('[data-testid="lock-banner"]', (el) => el.textContent)).to.match(
      /This page is locked by Site .* UTC/,
    );
    await other.click('#id_title', { count: 3 });
    await other.type('#id_title', 'Taken over');
    const [response] = await Promise.all([
      other.waitForNavigation({ waitUntil: 'load' }),
      other.click('.admin-actions button[type="submit"]:not([name])'),
    ]);
    expect(response?.status()).to.equal(423);
    expect(await other.$eval('[role="alert"]', (el) => el.textContent)).to.include('locked by');
    expect(await other.$eval('#id_title', (el) => (el as HTMLInputElement).value)).to.equal('Taken over');
    await context.close();

    tab.assertClean();
  });
});
