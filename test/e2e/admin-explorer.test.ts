import { expect } from 'chai';
import type { Page as Tab } from 'puppeteer-core';
import { createPage } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import { axeViolations } from '../helpers/axe';
import { TEST_ADMIN } from '../helpers/app';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';

const emptyContent = { body: [], confirmation_content: [] };

describe('back office explorer in Chromium: menu order and search', () => {
  const suite = useBrowserSuite();
  let parent: Page;
  const kids: Page[] = [];

  before(async () => {
    const home = await suite.app.db
      .selectFrom('pages')
      .selectAll()
      .where('title', '=', 'Harborline Seafood')
      .where('depth', '=', 2)
      .executeTakeFirstOrThrow();
    parent = await createPage(suite.app.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Keyboard menu',
      content: emptyContent,
      publish: true,
    });
    for (const title of ['Scallops', 'Shrimp', 'Squid'])
      kids.push(
        await createPage(suite.app.db, { parentId: parent.id, pageType: 'ExamplePage', title, content: emptyContent }),
      );
  });

  const rowTitles = (page: Tab) =>
    page.$$eval('tbody tr .admin-table__title', (links) => links.map((link) => link.textContent));
  // The moved control has the autofocus attribute, which the browser applies at its next rendering
  // step, a moment after 'load': wait for it (up to 5 s), then read what has the focus.
  const focusedId = async (page: Tab) => {
    await page
      .waitForFunction(() => document.activeElement?.id.startsWith('move-'), { timeout: 5000 })
      .catch(() => undefined);
    return page.evaluate(() => document.activeElement?.id ?? '');
  };
  const pressEnterAndWait = (page: Tab) =>
    Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.keyboard.press('Enter')]);

  it('reorders children by keyboard, the focus staying on the control used, with no axe violations', async () => {
    const tab = await openTab(suite.chromium.browser);
    const { page } = tab;
    await page.setBypassCSP(true);
    await page.goto(`${suite.server.baseUrl}/wagtail/pages/${parent.id}/`, { waitUntil: 'load' });
    await page.type('#id_username', TEST_ADMIN.username);
    await page.type('#id_password', TEST_ADMIN.password);
    await pressEnterAndWait(page);
    expect(await rowTitles(page)).to.deep.equal(['Scallops', 'Shrimp', 'Squid']);

    await page.focus(`a[href="/wagtail/pages/${parent.id}/?ordering=ord"]`);
    await pressEnterAndWait(page);
    expect(await page.$eval('caption', (c) => c.textContent)).to.equal('Child pages of Keyboard menu, in menu order');
    expect(await axeViolations(page)).to.deep.equal([]);

    // Scallops down one: the page comes back with the focus on the same control of the same page.
    await page.focus(`#move-down-${kids[0]!.id}`);
    await pressEnterAndWait(page);
    expect(await rowTitles(page)).to.deep.equal(['Shrimp', 'Scallops', 'Squid']);
    expect(await focusedId(page)).to.equal(`move-down-${kids[0]!.id}`);
    expect(await page.$eval('.admin-message', (m) => m.textContent)).to.equal("'Scallops' moved to position 2 of 3.");
    // Again: now last, so "Move down" is disabled and "Move up" of the same row takes the focus.
    await pressEnterAndWait(page);
    expect(await rowTitles(page)).to.deep.equal(['Shrimp', 'Squid', 'Scallops']);
    expect(await focusedId(page)).to.equal(`move-up-${kids[0]!.id}`);
    expect(await page.$eval(`#move-down-${kids[0]!.id}`, (b) => (b as HTMLButtonElement).disabled)).to.equal(true);
    // Space works as well as Enter on the focused button.
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.keyboard.press('Space')]);
    expect(await rowTitles(page)).to.deep.equal(['Shrimp', 'Scallops', 'Squid']);
    expect(await focusedId(page)).to.equal(`move-up-${kids[0]!.id}`);
    expect(await axeViolations(page)).to.deep.equal([]);

    const order = await suite.app.db
      .selectFrom('pages')
      .select('title')
      .where('path', 'like', `${parent.path}%`)
      .where('depth', '=', parent.depth + 1)
      .orderBy('path')
      .execute();
    expect(order.map((p) => p.title)).to.deep.equal(['Shrimp', 'Scallops', 'Squid']);
    tab.assertClean();
    await page.close();
  });

  it('searches from the explorer by keyboard and lists results with their parent, with no axe violations', async () => {
    const tab = await openTab(suite.chromium.browser);
    const { page } = tab;
    await page.setBypassCSP(true);
    // Same browser as the test above: still signed in.
    await page.goto(`${suite.server.baseUrl}/wagtail/pages/${parent.id}/`, { waitUntil: 'load' });
    await page.focus('#id_page_search');
    await page.keyboard.type('squ');
    await pressEnterAndWait(page);
    expect(new URL(page.url()).pathname).to.equal('/wagtail/pages/search/');
    expect(await page.$eval('#id_page_search', (input) => (input as HTMLInputElement).value)).to.equal('squ');
    expect(await rowTitles(page)).to.deep.equal(['Squid']);
    // The parent column (after the title, and the bulk-selection box when actions are offered).
    expect(
      await page.$eval(`tbody tr td a[href="/wagtail/pages/${parent.id}/"]`, (a) => [
        a.closest('td')?.cellIndex ===
          a.closest('tr')!.querySelector('.admin-table__title')!.closest('td')!.cellIndex + 1,
        a.firstChild?.textContent,
      ]),
    ).to.deep.equal([true, 'Keyboard menu']);
    expect(await axeViolations(page)).to.deep.equal([]);
    tab.assertClean();
    await page.close();
  });
});
