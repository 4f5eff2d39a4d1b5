import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { ElementHandle, Page } from 'puppeteer-core';
import { createRedirect } from '../../server/modules/redirects/service';
import { TEST_ADMIN } from '../helpers/app';
import { axeViolations, WCAG_TAGS } from '../helpers/axe';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';
import { signInToAdmin } from '../helpers/admin-sign-in';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'narrow', width: 390, height: 844 },
];

describe('redirects in the back office (Chromium)', function () {
  this.timeout(120_000);
  const suite = useBrowserSuite();
  let folder: string;
  before(() => {
    folder = mkdtempSync(join(tmpdir(), 'harborline-import-'));
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  async function signIn(viewport = VIEWPORTS[0]!) {
    // Each test signs in on its own cookie jar.
    const context = await suite.chromium.browser.createBrowserContext();
    const tab = await openTab(context, viewport);
    // The injected axe script carries no nonce.
    await tab.page.setBypassCSP(true);
    await signInToAdmin(tab.page, suite.server.baseUrl, TEST_ADMIN, { next: '/wagtail/redirects/' });
    return tab;
  }
  const go = (page: Page, path: string) => page.goto(`${suite.server.baseUrl}${path}`, { waitUntil: 'load' });
  const submit = (page: Page, selector: string) =>
    Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(selector)]);

  it('imports a file with good and bad rows (preview, then confirm) and the public site follows an imported redirect', async () => {
    const { page, assertClean } = await signIn();
    expect(new URL(page.url()).pathname).to.equal('/wagtail/redirects/');
    await page.click('a[href="/wagtail/redirects/import/"]').then(() => page.waitForSelector('#id_import_file'));
    const file = join(folder, 'moved-pages.csv');
    writeFileSync(
      file,
      [
        'from,to,type',
        '/Old-Story,/about/,301',
        '/old-terms/,/terms-of-use/,302',
        '/bad/../path,/about/',
        '/old-story/,/terms-of-use/',
        '/ghost/,/no-such-page/',
      ].join('\r\n'),
    );
    const input = (await page.$('#id_import_file')) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(file);
    await submit(page, 'form[action^="/wagtail/redirects/import/?"] button[type=submit]');
    expect(await page.$eval('h1', (h) => h.textContent)).to.equal('Preview of moved-pages.csv');
    expect(await page.$eval('[role=status]', (el) => el.textContent)).to.equal(
      '2 rows will be imported; 3 rows are rejected. Nothing has been saved yet.',
    );
    const results = await page.$$eval('.admin-import-preview tbody tr', (rows) =>
      rows.map((row) => row.lastElementChild!.textContent),
    );
    expect(results).to.deep.equal([
      'Accepted',
      'Accepted',
      "Rejected: Bad path: The path must not contain '.' or '..' segments.",
      'Rejected: Duplicate of row 2.',
      'Rejected: Target missing: no live page answers /no-such-page/.',
    ]);
    expect(await axeViolations(page, { tags: WCAG_TAGS })).to.deep.equal([]);
    // Nothing is written before the confirmation.
    expect(
      await suite.app.db.selectFrom('redirects').select('id').where('old_path', '=', '/old-story/').execute(),
    ).to.have.length(0);

    await submit(page, 'form[action="/wagtail/redirects/import/process/"] button[type=submit]');
    expect(new URL(page.url()).pathname).to.equal('/wagtail/redirects/');
    expect(await page.$eval('.admin-message', (el) => el.textContent)).to.equal(
      '2 redirects imported from moved-pages.csv.',
    );
    expect(
      await page.$$eval('tbody tr td:nth-child(2) a', (links) => links.map((a) => a.textContent)),
    ).to.include.members(['/old-story/', '/old-terms/']);

    // The public site: the old address lands on the page.
    await go(page, '/OLD-STORY');
    expect(new URL(page.url()).pathname).to.equal('/about/');
    expect(await page.title()).to.include('Our Story');
    assertClean();
    await page.close();
  });

  for (const viewport of VIEWPORTS) {
    it(`shows the list, edit (also with errors) and import screens with no axe violations at ${viewport.width} px`, async () => {
      const row = await createRedirect(suite.app.db, {
        oldPath: `/axe-${viewport.width}/`,
        siteId: null,
        page: '',
        link: 'https://example.com/',
        isPermanent: true,
        matchQueryString: false,
      });
      const { page, assertClean } = await signIn(viewport);
      for (const path of [
        '/wagtail/redirects/',
        '/wagtail/redirects/?q=axe&ordering=-old_path',
        `/wagtail/redirects/${row.id}/`,
        '/wagtail/redirects/add/',
        '/wagtail/redirects/import/',
        '/wagtail/collections/',
        '/wagtail/settings/',
      ]) {
        await go(page, path);
        expect(await axeViolations(page, { tags: WCAG_TAGS }), path).to.deep.equal([]);
        // Nothing wider than the screen but the tables, which scroll inside themselves.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${path} scrolls sideways`).to.be.at.most(0);
      }
      // The edit form with errors: every field keeps its input and names its error.
      await go(page, `/wagtail/redirects/${row.id}/`);
      await page.$eval('#id_old_path', (el) => ((el as HTMLInputElement).value = '/a/../b'));
      await page.$eval('#id_redirect_link', (el) => ((el as HTMLInputElement).value = 'ftp://example.com/'));
      await submit(page, 'form.admin-form button[type=submit]');
      expect(await page.$eval('#id_old_path-error', (el) => el.textContent)).to.equal(
        "The path must not contain '.' or '..' segments.",
      );
      expect(await page.$eval('#id_redirect_link', (el) => (el as HTMLInputElement).value)).to.equal(
        'ftp://example.com/',
      );
      expect(await axeViolations(page, { tags: WCAG_TAGS })).to.deep.equal([]);
      // The import screen with an error.
      await go(page, '/wagtail/redirects/import/');
      await submit(page, 'form[action^="/wagtail/redirects/import/?"] button[type=submit]');
      expect(await page.$eval('#id_import_file-error', (el) => el.textContent)).to.equal('Choose a file to import.');
      expect(await axeViolations(page, { tags: WCAG_TAGS })).to.deep.equal([]);
      assertClean();
      await page.close();
    });
  }
});
