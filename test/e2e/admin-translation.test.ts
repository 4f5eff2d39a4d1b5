import { expect } from 'chai';
import type { Page } from 'puppeteer-core';
import request from 'supertest';
import { createPage } from '../../server/modules/pages/service';
import { createTestApp, listen, TEST_ADMIN, type TestApp } from '../helpers/app';
import { signInToAdmin } from '../helpers/admin-sign-in';
import { axeViolations, WCAG_TAGS } from '../helpers/axe';
import { launchBrowser, openTab, type TestBrowser } from '../helpers/browser';

async function submit(page: Page, selector: string) {
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(selector)]);
}

describe('translating a page in Chromium', () => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof listen>>;
  let chromium: TestBrowser;
  before(async function () {
    this.timeout(180_000); // migrating and seeding the whole demo is slow on a busy machine
    t = await createTestApp();
    server = await listen(t.app);
    chromium = await launchBrowser();
  });
  after(async () => {
    await chromium?.close();
    await server?.close();
    await t?.close();
  });

  it('translates an English page into French side by side, refusing a broken placeholder, and publishes it', async () => {
    const enCA = await t.db
      .selectFrom('locales')
      .select('id')
      .where('language_code', '=', 'en-CA')
      .executeTakeFirstOrThrow();
    const home = await t.db
      .selectFrom('pages')
      .select('id')
      .where('page_type', '=', 'HomePage')
      .where('locale_id', '=', enCA.id)
      .executeTakeFirstOrThrow();
    const source = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Chowder week',
      content: {
        body: [
          { type: 'heading', id: 'h1', value: { text: 'Chowder is back', level: 'h2' } },
          { type: 'rich_text', id: 'r1', value: { html: '<p>Try it <strong>today</strong>.</p>' } },
        ],
      },
      publish: true,
    });
    const tab = await openTab(chromium.browser);
    const { page } = tab;
    await page.setBypassCSP(true);
    await signInToAdmin(page, server.baseUrl, TEST_ADMIN);

    await page.goto(`${server.baseUrl}/wagtail/localize/submit/page/${source.id}/`, { waitUntil: 'load' });
    expect(await axeViolations(page, { tags: WCAG_TAGS })).to.deep.equal([]);
    const french = await page.$$eval('input[name="locales"]', (inputs) =>
      inputs.filter((i) => i.closest('div')!.textContent!.startsWith('fr-CA')).map((i) => i.id),
    );
    // The only locale open to translation comes already ticked.
    expect(await page.$eval(`#${french[0]}`, (el) => (el as HTMLInputElement).checked)).to.equal(true);
    await submit(page, 'button[type="submit"].admin-button--primary');
    expect(page.url(), await page.$eval('main', (el) => el.textContent)).to.match(/\/wagtail\/pages\/\d+\/edit\/$/);

    // From the French page's actions to the side-by-side editor.
    await submit(page, 'a[href^="/wagtail/localize/translations/"]');
    expect(await page.$eval('.translation-progress', (el) => el.textContent)).to.contain('0 of 3 segments translated');
    for (const width of [1440, 390]) {
      await page.setViewport({ width, height: 900 });
      expect(await axeViolations(page, { tags: WCAG_TAGS }), `${width}px`).to.deep.equal([]);
    }
    await page.setViewport({ width: 1280, height: 900 });
    const box = (id: string) => `textarea[name="segment:${id}"]`;
    await page.type(box('page.title'), 'Semaine de la chaudrée');
    await page.type(box('body.h1.text'), 'La chaudrée est de retour');
    await page.type(box('body.r1.html#1'), 'Goûtez-la aujourd’hui.');
    await submit(page, 'button[value="save"]');
    expect(await page.$eval('.admin-errors', (el) => el.textContent)).to.contain('nothing was saved');
    expect(await page.$eval(`${box('body.r1.html#1')} + .admin-field__error`, (el) => el.textContent)).to.contain(
      '<1>',
    );
    // The typed text is kept; fix the placeholder and publish.
    expect(await page.$eval(box('page.title'), (el) => (el as HTMLTextAreaElement).value)).to.equal(
      'Semaine de la chaudrée',
    );
    await page.$eval(box('body.r1.html#1'), (el) => ((el as HTMLTextAreaElement).value = ''));
    await page.type(box('body.r1.html#1'), 'Goûtez-la <1>aujourd’hui</1>.');
    await submit(page, 'button[value="publish"]');
    expect(await page.$eval('.translation-progress', (el) => el.textContent)).to.contain('3 of 3 segments translated');

    const published = await t.db
      .selectFrom('pages')
      .selectAll()
      .where('translation_key', '=', source.translation_key)
      .where('id', '!=', source.id)
      .executeTakeFirstOrThrow();
    expect(published.live).to.equal(true);
    // The Canada site's French page, as a visitor gets it.
    const html = (await request(t.app).get(`/fr/${published.slug}/`).set('Host', 'ca.localhost').expect(200)).text;
    expect(html).to.contain('La chaudrée est de retour');
    expect(html).to.contain('Goûtez-la <strong>aujourd’hui</strong>.');
    tab.assertClean();
  });
});
