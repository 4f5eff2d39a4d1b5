import { expect } from 'chai';
import { createPage } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import { axeViolations } from '../helpers/axe';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';
import { openSignedIn, submitAndWait } from '../helpers/admin-sign-in';

const emptyContent = { body: [], confirmation_content: [] };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

describe('back office explorer in Chromium: filter drawer and bulk actions', () => {
  const suite = useBrowserSuite();
  /** A parent with two drafts and a live page under it, of its own for each run. */
  const shellfish = async (suffix: string) => {
    const home = await suite.app.db
      .selectFrom('pages')
      .selectAll()
      .where('title', '=', 'Harborline Seafood')
      .where('depth', '=', 2)
      .executeTakeFirstOrThrow();
    const parent = await createPage(suite.app.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: `Bulk shellfish ${suffix}`,
      content: emptyContent,
      publish: true,
    });
    const kids: Page[] = [];
    for (const [title, publish] of [
      ['Cockles', false],
      ['Whelks', false],
      ['Razor clams', true],
    ] as const)
      kids.push(
        await createPage(suite.app.db, {
          parentId: parent.id,
          pageType: 'ExamplePage',
          title,
          content: emptyContent,
          publish,
        }),
      );
    return { parent, kids };
  };

  for (const viewport of [DESKTOP, PHONE]) {
    it(`filters in the drawer, then publishes the selected drafts after the confirmation, at ${viewport.width} px`, async () => {
      const { parent, kids } = await shellfish(String(viewport.width));
      const tab = await openTab(suite.chromium.browser, viewport);
      const { page } = tab;
      await page.setBypassCSP(true);
      await openSignedIn(page, `${suite.server.baseUrl}/wagtail/pages/${parent.id}/`);

      // The drawer opens from its summary; with it open the screen has no axe violation.
      await page.click('details[data-filter-drawer] > summary');
      expect(await page.$eval('details[data-filter-drawer]', (d) => (d as HTMLDetailsElement).open)).to.equal(true);
      expect(await page.$eval('#id_filter_status', (s) => s.getBoundingClientRect().width > 0)).to.equal(true);
      expect(await axeViolations(page)).to.deep.equal([]);
      // Escape closes it and gives the focus back to its summary.
      await page.focus('#id_filter_status');
      await page.keyboard.press('Escape');
      expect(await page.$eval('details[data-filter-drawer]', (d) => (d as HTMLDetailsElement).open)).to.equal(false);
      expect(await page.evaluate(() => document.activeElement?.tagName)).to.equal('SUMMARY');

      await page.click('details[data-filter-drawer] > summary');
      await page.select('#id_filter_status', 'draft');
      await submitAndWait(page, '.admin-filters__panel button[type="submit"]');
      expect(page.url()).to.include('status=draft');
      const titles = await page.$$eval('tbody .admin-table__title', (links) => links.map((l) => l.textContent));
      expect(titles).to.have.members(['Cockles', 'Whelks']);
      expect(await page.$eval('.admin-filter-chips', (c) => c.textContent)).to.include('Status: Draft (not live)');

      // Select all, the count follows, then the confirmation screen lists what will be published.
      await page.click('input[data-bulk-select-all]');
      expect(await page.$eval('[data-bulk-count]', (c) => c.textContent)).to.equal('2 pages selected');
      await page.click('tbody input[data-bulk-select]');
      expect(await page.$eval('[data-bulk-count]', (c) => c.textContent)).to.equal('1 page selected');
      await page.click('input[data-bulk-select-all]');
      expect(await page.$eval('[data-bulk-count]', (c) => c.textContent)).to.equal('2 pages selected');
      await submitAndWait(page, 'button[formaction="/wagtail/bulk/wagtailcore/page/publish/"]');
      expect(await page.$eval('h1', (h) => h.textContent)).to.equal('Publish 2 pages');
      expect(await axeViolations(page)).to.deep.equal([]);

      // Each other action's confirmation screen, with the razor clams (live) selected too.
      const all = kids.map((kid) => `id=${kid.id}`).join('&');
      for (const action of ['unpublish', 'move', 'delete']) {
        await page.goto(`${suite.server.baseUrl}/wagtail/bulk/wagtailcore/page/${action}/?${all}`, {
          waitUntil: 'load',
        });
        expect(await page.$eval('h1', (h) => h.textContent), action).to.match(/\d page/);
        expect(await axeViolations(page), action).to.deep.equal([]);
      }
      await page.goto(`${suite.server.baseUrl}/wagtail/bulk/wagtailcore/page/move/?${all}&destination=${parent.id}`, {
        waitUntil: 'load',
      });
      expect(await axeViolations(page)).to.deep.equal([]);

      // Publishing for real: back on the filtered listing, with each page's outcome.
      await page.goto(
        `${suite.server.baseUrl}/wagtail/bulk/wagtailcore/page/publish/?id=${kids[0]!.id}&id=${kids[1]!.id}&next=${encodeURIComponent(`/wagtail/pages/${parent.id}/?status=draft`)}`,
        { waitUntil: 'load' },
      );
      await submitAndWait(page, 'main form[method="post"][action="/wagtail/bulk/wagtailcore/page/publish/"] button');
      expect(page.url()).to.equal(`${suite.server.baseUrl}/wagtail/pages/${parent.id}/?status=draft`);
      expect(await page.$eval('.admin-message', (m) => m.textContent)).to.equal(
        "2 pages published: 'Cockles', 'Whelks'.",
      );
      expect(await page.$$('tbody tr')).to.have.length(0);
      tab.assertClean();
      await page.close();
    });
  }
});
