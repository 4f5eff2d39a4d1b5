import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { createPage } from '../../server/modules/pages/service';
import type { Page as SitePage } from '../../server/modules/pages/table';
import { submitTranslation } from '../../server/modules/translations/submit-service';
import { TEST_ADMIN } from '../helpers/app';
import { signInToAdmin } from '../helpers/admin-sign-in';
import { axeViolations, WCAG_TAGS } from '../helpers/axe';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';

async function submit(page: Page, selector: string) {
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(selector)]);
}

async function noViolations(page: Page, screen: string) {
  for (const width of [1440, 390]) {
    await page.setViewport({ width, height: 900 });
    expect(await axeViolations(page, { tags: WCAG_TAGS }), `${screen} at ${width}px`).to.deep.equal([]);
  }
  await page.setViewport({ width: 1280, height: 900 });
}

/**
 * The agency round trip as a translator clicks it: download the file from the download screen (a
 * real download), put a translation into it, upload it, read the per-segment preview, apply it,
 * and find it in the side-by-side editor; a broken file is refused with its line and reason.
 * The formats' own edge cases are in test/integration/translation-files.test.ts.
 */
describe('translation files (PO, XLIFF) in Chromium', () => {
  const suite = useBrowserSuite();
  let downloads: string;
  let counter = 0;
  before(() => {
    downloads = mkdtempSync(join(tmpdir(), 'harborline-downloads-'));
  });
  after(() => rmSync(downloads, { recursive: true, force: true }));

  /** A live English Canada page and its French translation (still to do). */
  async function translation(heading: string): Promise<{ source: SitePage; translationId: number }> {
    const { db } = suite.app;
    const locale = async (code: string) =>
      (await db.selectFrom('locales').select('id').where('language_code', '=', code).executeTakeFirstOrThrow()).id;
    const home = await db
      .selectFrom('pages')
      .select('id')
      .where('page_type', '=', 'HomePage')
      .where('locale_id', '=', await locale('en-CA'))
      .executeTakeFirstOrThrow();
    counter += 1;
    const source = await createPage(db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: `Harbour news ${counter}`,
      slug: `harbour-news-${counter}`,
      content: { body: [{ type: 'heading', id: 'h1', value: { text: heading, level: 'h2' } }] },
      publish: true,
    });
    const admin = await db.selectFrom('users').selectAll().where('is_superuser', '=', true).executeTakeFirstOrThrow();
    const [made] = await submitTranslation(db, admin, source.id, {
      localeIds: [await locale('fr-CA')],
      subpages: false,
    });
    const row = await db
      .selectFrom('page_translations')
      .select('id')
      .where('page_id', '=', made!.pageId)
      .executeTakeFirstOrThrow();
    return { source, translationId: row.id };
  }

  /** Clicks Download with the chosen format and waits for the browser to finish saving the file. */
  async function download(page: Page, format: 'po' | 'xliff'): Promise<string> {
    const cdp = await page.browser().target().createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', {
      behavior: 'allowAndName',
      browserContextId: page.browserContext().id,
      downloadPath: downloads,
      eventsEnabled: true,
    });
    const saved = new Promise<string>((resolve, reject) => {
      cdp.on('Browser.downloadProgress', (event) => {
        if (event.state === 'completed') resolve(event.guid);
        if (event.state === 'canceled') reject(new Error('the download was canceled'));
      });
    });
    await page.click(`#format-${format}`);
    await page.click('main form[method="get"] button[type="submit"]');
    const guid = await saved;
    await cdp.detach();
    return readFileSync(join(downloads, guid), 'utf8');
  }

  async function upload(page: Page, translationId: number, file: string, name: string) {
    await page.goto(`${suite.server.baseUrl}/wagtail/localize/translations/${translationId}/upload/`, {
      waitUntil: 'load',
    });
    const path = join(downloads, name);
    writeFileSync(path, file);
    const input = await page.$('input[type="file"][name="translation_file"]');
    await input!.uploadFile(path);
    await submit(page, 'form[enctype="multipart/form-data"] button[type="submit"]');
  }

  const editorValue = (page: Page, segment: string) =>
    page.$eval(`textarea[name="segment:${segment}"]`, (el) => (el as HTMLTextAreaElement).value);

  it('downloads a PO file, uploads it translated, previews each segment and applies it', async () => {
    const { source, translationId } = await translation('Fresh fish');
    const tab = await openTab(suite.chromium.browser);
    const { page } = tab;
    await page.setBypassCSP(true); // axe is injected as a script
    await signInToAdmin(page, suite.server.baseUrl, TEST_ADMIN, { freshCookies: true });
    await page.goto(`${suite.server.baseUrl}/wagtail/localize/translations/${translationId}/edit/`, {
      waitUntil: 'load',
    });
    await submit(page, `a[href="/wagtail/localize/translations/${translationId}/download/"]`);
    await noViolations(page, 'download');
    const po = await download(page, 'po');
    expect(po).to.contain(`msgctxt "${source.id}:body.h1.text"\nmsgid "Fresh fish"\nmsgstr ""`);

    await page.goto(`${suite.server.baseUrl}/wagtail/localize/translations/${translationId}/upload/`, {
      waitUntil: 'load',
    });
    await noViolations(page, 'upload');

    // A typing error first: refused with its line and reason, nothing applied.
    const broken = po.replace('msgid "Fresh fish"', 'msgid Fresh fish');
    const brokenLine = broken.split('\n').indexOf('msgid Fresh fish') + 1;
    await upload(page, translationId, broken, 'broken.po');
    const refusal = await page.$eval('.admin-errors', (el) => el.textContent!);
    expect(refusal).to.contain('The file was refused: nothing was applied.');
    expect(refusal).to.contain(`Line ${brokenLine}: A string must be in double quotes`);
    await noViolations(page, 'upload (refused)');

    const translated = po.replace(
      `msgctxt "${source.id}:body.h1.text"\nmsgid "Fresh fish"\nmsgstr ""`,
      `msgctxt "${source.id}:body.h1.text"\nmsgid "Fresh fish"\nmsgstr "Poisson frais"`,
    );
    await upload(page, translationId, translated, 'fr.po');
    expect(await page.$eval('main [role="status"]', (el) => el.textContent)).to.contain('1 segment will change');
    const row = await page.$eval('main table tbody tr', (el) => el.textContent!);
    expect(row).to.contain('Fresh fish');
    expect(row).to.contain('(to do)');
    expect(row).to.contain('Poisson frais');
    await noViolations(page, 'preview');
    await submit(page, 'form[action$="/upload/apply/"] button[type="submit"]');
    expect(page.url()).to.match(new RegExp(`/wagtail/localize/translations/${translationId}/edit/$`));
    expect(await editorValue(page, 'body.h1.text')).to.equal('Poisson frais');
    expect(await page.$eval('.translation-progress', (el) => el.textContent)).to.contain('1 of 2 segments translated');
    tab.assertClean();
  });

  it('round-trips XLIFF 2.1 the same way, refusing a file that is not well formed', async () => {
    // Another text: the first test's translation is in the memory and would fill this one in.
    const { translationId } = await translation('Crab season');
    const tab = await openTab(suite.chromium.browser);
    const { page } = tab;
    await page.setBypassCSP(true); // axe is injected as a script
    await signInToAdmin(page, suite.server.baseUrl, TEST_ADMIN, { freshCookies: true });
    await page.goto(`${suite.server.baseUrl}/wagtail/localize/translations/${translationId}/download/`, {
      waitUntil: 'load',
    });
    const xliff = await download(page, 'xliff');
    expect(xliff).to.contain('<unit id="body.h1.text"');
    expect(xliff).to.contain('Crab season');

    const broken = xliff.replace('</target>', '</targ>');
    await upload(page, translationId, broken, 'broken.xlf');
    const refusal = await page.$eval('.admin-errors', (el) => el.textContent!);
    expect(refusal).to.contain('The file was refused: nothing was applied.');
    expect(refusal).to.match(/Line \d+: /);
    expect(refusal).to.contain('not well formed');

    const translated = xliff.replace(
      /(<unit id="body.h1.text"[\s\S]*?)<target><\/target>/,
      '$1<target>Saison du crabe</target>',
    );
    expect(translated).to.contain('Saison du crabe');
    await upload(page, translationId, translated, 'fr.xlf');
    expect(await page.$eval('main table tbody', (el) => el.textContent)).to.contain('Saison du crabe');
    await noViolations(page, 'preview (XLIFF)');
    await submit(page, 'form[action$="/upload/apply/"] button[type="submit"]');
    expect(await editorValue(page, 'body.h1.text')).to.equal('Saison du crabe');
    tab.assertClean();
  });
});
