import { expect } from 'chai';
import type { Page, Target } from 'puppeteer-core';
import { TEST_ADMIN } from '../helpers/app';
import { axeViolations, WCAG_TAGS } from '../helpers/axe';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';
import { signInToAdmin } from '../helpers/admin-sign-in';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'narrow', width: 390, height: 844 },
];

describe('snippets in the back office (Chromium)', function () {
  this.timeout(180_000);
  const suite = useBrowserSuite();

  async function signIn(viewport = VIEWPORTS[0]!) {
    const context = await suite.chromium.browser.createBrowserContext();
    const tab = await openTab(context, viewport);
    // The injected axe script carries no nonce.
    await tab.page.setBypassCSP(true);
    await signInToAdmin(tab.page, suite.server.baseUrl, TEST_ADMIN, { next: '/wagtail/snippets/' });
    return { ...tab, context };
  }
  const go = (page: Page, path: string) => page.goto(`${suite.server.baseUrl}${path}`, { waitUntil: 'load' });
  const submit = (page: Page, selector: string) =>
    Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(selector)]);
  const publicHeader = async (host: string, path = '/') => {
    const tab = await suite.visit(path, { host });
    const links = await tab.page.$$eval('.site-header a', (anchors) => anchors.map((a) => a.textContent?.trim() ?? ''));
    tab.assertClean();
    await tab.page.close();
    return links;
  };
  const navId = async (hostname: string, languageCode: string) => {
    const site = await suite.app.db
      .selectFrom('sites')
      .select('id')
      .where('hostname', '=', hostname)
      .executeTakeFirstOrThrow();
    return (
      await suite.app.db
        .selectFrom('snippet_navigation')
        .select('id')
        .where('site_id', '=', site.id)
        .where('language_code', '=', languageCode)
        .executeTakeFirstOrThrow()
    ).id;
  };

  it('edits the header menu as a draft, previews it on the site, publishes it, and both sites show their new header', async () => {
    const { page, context, assertClean } = await signIn();
    expect(await page.$eval('h1', (h) => h.textContent)).to.equal('Snippets');
    await submit(page, 'a[href="/wagtail/snippets/core/tierednavigation/"]');
    expect(await page.$$eval('tbody tr', (rows) => rows.length)).to.equal(3);

    for (const [host, hostname, language, label] of [
      ['localhost', 'localhost', 'en-US', 'Lobster Nights'],
      ['ca.localhost', 'ca.localhost', 'en-CA', 'Poutine Week'],
    ] as const) {
      await go(page, `/wagtail/snippets/core/tierednavigation/edit/${await navId(hostname, language)}/`);
      // The rows editor loads after the load event and lengthens the form: a click before it
      // mounts can land where the button no longer is. The textarea stays what the form posts.
      await page.waitForSelector('.admin-menu-editor');
      const menu = await page.$eval('#id_menu', (el) => (el as HTMLTextAreaElement).value);
      await page.$eval(
        '#id_menu',
        (el, value) => ((el as HTMLTextAreaElement).value = value),
        menu.replace('- Full Menu | /menu/', `- Full Menu | /menu/\n- ${label} | /specials/`),
      );
      // Save draft: the public header does not change.
      await submit(page, 'button[name="action-draft"]');
      expect(await page.$eval('.admin-message', (el) => el.textContent)).to.match(/saved as a draft\.$/);
      expect(await publicHeader(host)).not.to.include(label);

      // Preview opens the real site template in a new tab with the draft menu.
      const opened = new Promise<Target>((resolve) => context.once('targetcreated', resolve));
      await page.click('button[formaction*="/preview/"]');
      const preview = (await (await opened).page())!;
      await preview.waitForSelector('.site-header');
      await preview.waitForFunction(
        (text) => [...document.querySelectorAll('.site-header a')].some((a) => a.textContent?.trim() === text),
        {},
        label,
      );
      await preview.close();

      await submit(page, 'button[name="action-publish"]');
      expect(await page.$eval('.admin-message', (el) => el.textContent)).to.match(/published\.$/);
      expect(await publicHeader(host)).to.include(label);
    }
    // Each site keeps its own menu.
    expect(await publicHeader('localhost')).not.to.include('Poutine Week');
    expect(await publicHeader('ca.localhost')).not.to.include('Lobster Nights');
    assertClean();
    await page.close();
  });

  for (const viewport of VIEWPORTS) {
    it(`shows the snippets index, lists and edit screens (also with errors) with no axe violations at ${viewport.width} px`, async () => {
      const { page, assertClean } = await signIn(viewport);
      const db = suite.app.db;
      const country = (await db.selectFrom('snippet_countries').select('id').orderBy('id').executeTakeFirstOrThrow())
        .id;
      const footer = (await db.selectFrom('snippet_footers').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
      const toolbox = (await db.selectFrom('snippet_toolboxes').select('id').orderBy('id').executeTakeFirstOrThrow())
        .id;
      const nav = await navId('localhost', 'en-US');
      for (const path of [
        '/wagtail/snippets/',
        '/wagtail/snippets/core/country/',
        `/wagtail/snippets/core/country/edit/${country}/`,
        '/wagtail/snippets/core/country/add/',
        '/wagtail/snippets/core/tierednavigation/',
        `/wagtail/snippets/core/tierednavigation/edit/${nav}/`,
        `/wagtail/snippets/core/tierednavigation/history/${nav}/`,
        '/wagtail/snippets/core/footer/',
        `/wagtail/snippets/core/footer/edit/${footer}/`,
        '/wagtail/snippets/core/toolbox/',
        `/wagtail/snippets/core/toolbox/edit/${toolbox}/`,
      ]) {
        await go(page, path);
        expect(await axeViolations(page, { tags: WCAG_TAGS }), path).to.deep.equal([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${path} scrolls sideways`).to.be.at.most(0);
      }
      // Errors: each field names its own and keeps the input.
      await go(page, `/wagtail/snippets/core/country/edit/${country}/`);
      await page.$eval('#id_iso_code', (el) => ((el as HTMLInputElement).value = 'USA'));
      await page.$eval('#id_printable_name', (el) => ((el as HTMLInputElement).value = ''));
      await submit(page, 'form.admin-form button[type=submit]');
      expect(await page.$eval('#id_iso_code-error', (el) => el.textContent)).to.equal(
        'Enter the two-letter ISO 3166 code, such as US or CA.',
      );
      expect(await page.$eval('#id_iso_code', (el) => (el as HTMLInputElement).value)).to.equal('USA');
      expect(await axeViolations(page, { tags: WCAG_TAGS })).to.deep.equal([]);
      await go(page, `/wagtail/snippets/core/tierednavigation/edit/${nav}/`);
      await page.$eval('#id_menu', (el) => ((el as HTMLTextAreaElement).value = '- Orphan | /x/'));
      await submit(page, 'button[name="action-draft"]');
      expect(await page.$eval('#id_menu-error', (el) => el.textContent)).to.match(
        /^Line 1: a link must come after a section line/,
      );
      expect(await axeViolations(page, { tags: WCAG_TAGS })).to.deep.equal([]);
      assertClean();
      await page.close();
    });
  }
});
