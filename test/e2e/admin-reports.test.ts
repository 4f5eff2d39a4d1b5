import { expect } from 'chai';
import type { Page } from 'puppeteer-core';
import { lockPage } from '../../server/modules/pages/lifecycle-service';
import { TEST_ADMIN } from '../helpers/app';
import { axeViolations, WCAG_TAGS } from '../helpers/axe';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';
import { signInToAdmin } from '../helpers/admin-sign-in';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'narrow', width: 390, height: 844 },
];
const REPORTS = [
  '/wagtail/reports/',
  '/wagtail/reports/locked/',
  '/wagtail/reports/workflow/',
  '/wagtail/reports/workflow_tasks/',
  '/wagtail/reports/site-history/',
  '/wagtail/reports/aging-pages/',
  '/wagtail/reports/page-types-usage/',
];

describe('reports in the back office (Chromium)', function () {
  this.timeout(120_000);
  const suite = useBrowserSuite();
  let lockedTitle: string;

  before(async () => {
    const db = suite.app.db;
    const admin = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', TEST_ADMIN.username)
      .executeTakeFirstOrThrow();
    const page = await db
      .selectFrom('pages')
      .select(['id', 'title'])
      .where('depth', '=', 3)
      .orderBy('path')
      .executeTakeFirstOrThrow();
    lockedTitle = page.title;
    await lockPage(db, page.id, admin.id);
  });

  async function signIn(viewport = VIEWPORTS[0]!) {
    const context = await suite.chromium.browser.createBrowserContext();
    const tab = await openTab(context, viewport);
    // The injected axe script carries no nonce.
    await tab.page.setBypassCSP(true);
    await signInToAdmin(tab.page, suite.server.baseUrl, TEST_ADMIN, { next: '/wagtail/reports/' });
    return tab;
  }
  const go = (page: Page, path: string) => page.goto(`${suite.server.baseUrl}${path}`, { waitUntil: 'load' });
  const submit = (page: Page, selector: string) =>
    Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(selector)]);

  it('filters the site history with the form, exports it, and unlocks from the locked-pages report', async () => {
    const { page, assertClean } = await signIn();
    expect(new URL(page.url()).pathname).to.equal('/wagtail/reports/');
    await go(page, '/wagtail/reports/site-history/');
    await page.select('#id_filter_action', 'lock');
    const today = new Date().toISOString().slice(0, 10);
    await page.$eval('#id_filter_date_from', (el, value) => ((el as HTMLInputElement).value = value), today);
    await submit(page, 'form.admin-filters button[type=submit]');
    const url = new URL(page.url());
    expect(url.searchParams.get('action')).to.equal('lock');
    expect(url.searchParams.get('date_from')).to.equal(today);
    expect(
      await page.$$eval('tbody tr td:nth-child(3)', (cells) => [...new Set(cells.map((c) => c.textContent))]),
    ).to.deep.equal(['Locked']);
    const csvHref = await page.$eval('a[href*="export=csv"]', (a) => (a as HTMLAnchorElement).href);
    const csv = await page.evaluate((href) => fetch(href).then((r) => r.text()), csvHref);
    expect(csv).to.include(lockedTitle).and.to.include('Locked');

    await go(page, '/wagtail/reports/locked/');
    expect(await page.$$eval('tbody tr td:first-child', (cells) => cells.map((c) => c.textContent))).to.include(
      lockedTitle,
    );
    await submit(page, `button[aria-label="Unlock ${lockedTitle}"]`);
    expect(new URL(page.url()).pathname).to.equal('/wagtail/reports/locked/');
    expect(await page.$eval('.admin-message', (el) => el.textContent)).to.include('is now unlocked');
    expect(await page.$$eval('tbody tr td:first-child', (cells) => cells.map((c) => c.textContent))).not.to.include(
      lockedTitle,
    );
    assertClean();
    await page.close();
  });

  for (const viewport of VIEWPORTS) {
    it(`shows every report with no axe violations at ${viewport.width} px`, async () => {
      const { page, assertClean } = await signIn(viewport);
      for (const path of [
        ...REPORTS,
        '/wagtail/reports/site-history/?action=edit&ordering=action',
        '/wagtail/reports/aging-pages/?edited_before=2030-01-01&page_type=ExamplePage',
      ]) {
        await go(page, path);
        expect(await axeViolations(page, { tags: WCAG_TAGS }), path).to.deep.equal([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${path} scrolls sideways`).to.be.at.most(0);
      }
      assertClean();
      await page.close();
    });
  }
});
