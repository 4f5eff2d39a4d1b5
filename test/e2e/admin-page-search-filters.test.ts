import { expect } from 'chai';
import type { Page as Tab } from 'puppeteer-core';
import { createPage } from '../../server/modules/pages/service';
import { axeViolations } from '../helpers/axe';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';
import { openSignedIn, submitAndWait } from '../helpers/admin-sign-in';

const emptyContent = { body: [], confirmation_content: [] };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

describe('back office page search in Chromium: filter drawer and bulk actions', () => {
  const suite = useBrowserSuite();
  /** Three pages whose titles share a word of their own per run, two of them drafts. */
  const sturgeon = async (word: string) => {
    const home = await suite.app.db
      .selectFrom('pages')
      .selectAll()
      .where('title', '=', 'Harborline Seafood')
      .where('depth', '=', 2)
      .executeTakeFirstOrThrow();
    for (const [title, publish] of [
      [`${word} caviar`, false],
      [`${word} smoked`, false],
      [`${word} grilled`, true],
    ] as const)
      await createPage(suite.app.db, {
        parentId: home.id,
        pageType: 'ExamplePage',
        title,
        content: emptyContent,
        publish,
      });
  };

  const titles = (page: Tab) =>
    page.$$eval('tbody .admin-table__title', (links) => links.map((link) => link.textContent));

  for (const viewport of [DESKTOP, PHONE]) {
    it(`filters the search in the drawer, keeps the words, and selects results for a bulk action at ${viewport.width} px`, async () => {
      const word = `Sturgeon${viewport.width}`;
      await sturgeon(word);
      const tab = await openTab(suite.chromium.browser, viewport);
      const { page } = tab;
      await page.setBypassCSP(true);
      await openSignedIn(page, `${suite.server.baseUrl}/wagtail/pages/search/?q=${word}`);
      expect(await titles(page)).to.have.length(3);

      // The drawer opens from its summary; with it open the screen has no axe violation.
      await page.click('details[data-filter-drawer] > summary');
      expect(await page.$eval('#id_filter_status', (s) => s.getBoundingClientRect().width > 0)).to.equal(true);
      expect(await axeViolations(page)).to.deep.equal([]);
      await page.select('#id_filter_status', 'draft');
      await submitAndWait(page, '.admin-filters__panel button[type="submit"]');
      expect(page.url()).to.include(`q=${word}`).and.to.include('status=draft');
      expect(await titles(page)).to.have.members([`${word} caviar`, `${word} smoked`]);
      expect(await page.$eval('.admin-filter-chips', (c) => c.textContent)).to.include('Status: Draft (not live)');

      // A new search from the box keeps the filter.
      await page.$eval('#id_page_search', (input) => ((input as HTMLInputElement).value = ''));
      await page.type('#id_page_search', `${word} caviar`);
      await submitAndWait(page, 'main form[role="search"] button[type="submit"]');
      expect(await titles(page)).to.deep.equal([`${word} caviar`]);
      expect(page.url()).to.include('status=draft');

      // Select all and the count on the bulk bar; the confirmation comes back to this search.
      await page.click('input[data-bulk-select-all]');
      expect(await page.$eval('[data-bulk-count]', (c) => c.textContent)).to.equal('1 page selected');
      await submitAndWait(page, 'button[formaction="/wagtail/bulk/wagtailcore/page/publish/"]');
      expect(await page.$eval('h1', (h) => h.textContent)).to.equal('Publish 1 page');
      const back = await page.$eval(
        'main form[method="post"] input[name="next"]',
        (i) => (i as HTMLInputElement).value,
      );
      expect(back).to.include('/wagtail/pages/search/?q=').and.to.include('status=draft');

      // A refused filter: the drawer opens on the reason, still without an axe violation.
      await page.goto(`${suite.server.baseUrl}/wagtail/pages/search/?q=${word}&status=gone`, { waitUntil: 'load' });
      expect(await page.$eval('details[data-filter-drawer]', (d) => (d as HTMLDetailsElement).open)).to.equal(true);
      expect(await page.$eval('#id_filter_status_error', (e) => e.textContent)).to.include('Choose a status among');
      expect(await axeViolations(page)).to.deep.equal([]);
      tab.assertClean();
      await page.close();
    });
  }
});
