import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Page } from 'puppeteer-core';
import sharp from 'sharp';
import { createCollection, rootCollectionId } from '../../server/modules/collections/service';
import { createImage, imageForBlocks } from '../../server/modules/images/service';
import { createPage } from '../../server/modules/pages/service';
import { openMediaStorage } from '../../server/storage/open-media-storage';
import { TEST_ADMIN } from '../helpers/app';
import { axeViolations, WCAG_TAGS } from '../helpers/axe';
import { openTab } from '../helpers/browser';
import { useBrowserSuite, waitForHydration } from '../helpers/browser-suite';
import { chooseEditAction } from '../helpers/edit-screen';
import { tinyPdf } from '../helpers/media-files';

/**
 * Clicks the element itself, not the point where it was: opening the upload section moves the
 * chooser's content, and under load a pointer click could land where the button had been.
 */
const clickElement = (page: Page, selector: string) =>
  page.$eval(selector, (element) => (element as HTMLElement).click());

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

/** A photograph-sized JPEG with grain, so its upload takes more than one network write. */
const grainyJpeg = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: '#3a6ea5', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .jpeg({ quality: 92 })
    .toBuffer();

describe('media library and press pages in Chromium', function () {
  this.timeout(120_000);
  const suite = useBrowserSuite();
  let files: string;

  before(() => {
    files = mkdtempSync(join(tmpdir(), 'harborline-e2e-media-'));
  });
  after(() => rmSync(files, { recursive: true, force: true }));

  /** A tab signed in to the back office, on `path`; the axe script needs the page's CSP bypassed. */
  async function adminTab(path: string, viewport = VIEWPORTS[0]!) {
    const tab = await openTab(suite.chromium.browser, viewport);
    await tab.page.setBypassCSP(true);
    await tab.page.goto(`${suite.server.baseUrl}${path}`, { waitUntil: 'load' });
    if (new URL(tab.page.url()).pathname === '/wagtail/login/') {
      await tab.page.type('#id_username', TEST_ADMIN.username);
      await tab.page.type('#id_password', TEST_ADMIN.password);
      await Promise.all([tab.page.waitForNavigation({ waitUntil: 'load' }), tab.page.keyboard.press('Enter')]);
    }
    expect(new URL(tab.page.url()).pathname).to.equal(path.split('?')[0]);
    return tab;
  }

  async function publicTab(path: string, viewport = VIEWPORTS[0]!, host = 'localhost') {
    const tab = await openTab(suite.chromium.browser, viewport);
    await tab.page.setBypassCSP(true);
    const response = await tab.page.goto(`http://${host}:${suite.server.port}${path}`, { waitUntil: 'networkidle0' });
    return { ...tab, status: response?.status() };
  }

  const pathAndQuery = (page: Page) => {
    const url = new URL(page.url());
    return url.pathname + url.search;
  };

  it('uploads three images at once, each with its own progress bar, and titles one right after', async () => {
    const names = ['harbour-dawn.jpg', 'harbour-noon.jpg', 'harbour-dusk.jpg'];
    for (const [index, name] of names.entries())
      writeFileSync(join(files, name), await grainyJpeg(1600 + index * 80, 1200));
    const before = Number(
      (
        await suite.app.db
          .selectFrom('images')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

    const tab = await adminTab('/wagtail/images/multiple/add/');
    const { page } = tab;
    const input = (await page.$('input[type=file][name=file]'))!;
    // Choosing files sends them at once (the change event), one request per file.
    await input.uploadFile(...names.map((name) => join(files, name)));
    await page.waitForFunction(() => document.querySelectorAll('.media-upload-list__item--done').length === 3, {
      timeout: 30_000,
    });

    const rows = await page.$$eval('.media-upload-list__item', (items) =>
      items.map((item) => ({
        name: item.querySelector('span')!.textContent,
        progressLabel: item.querySelector('progress')!.getAttribute('aria-label'),
        progress: item.querySelector('progress')!.value,
        status: item.querySelector('.media-upload-list__status')!.textContent,
        title: item.querySelector<HTMLInputElement>('.media-upload-list__title input[name=title]')?.value,
      })),
    );
    expect(rows.map((row) => row.name)).to.have.members(names);
    for (const row of rows) {
      expect(row.progressLabel).to.equal(`Uploading ${row.name}`);
      expect(row.progress).to.equal(100);
      expect(row.status).to.match(/^Uploaded \(.+\)$/);
      expect(row.title).to.be.a('string').and.not.equal('');
    }
    const after = Number(
      (
        await suite.app.db
          .selectFrom('images')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(after - before).to.equal(3);
    // The rows with their title forms pass axe too.
    expect(await axeViolations(page, { tags: WCAG_TAGS })).to.deep.equal([]);

    // Title the dusk photograph in place, without leaving the screen. Without alt text the save is
    // refused with the edit form's message (an image needs one unless it is decorative).
    const duskIndex = rows.findIndex((row) => row.name === 'harbour-dusk.jpg');
    const form = (await page.$$('.media-upload-list__title'))[duskIndex]!;
    const titleInput = (await form.$('input[name=title]'))!;
    await titleInput.click({ count: 3 });
    await titleInput.type('Harbour at dusk');
    await (await form.$('button[type=submit]'))!.click();
    await page.waitForFunction(
      (el) => el.querySelector('.media-upload-list__message')!.textContent !== '',
      { timeout: 10_000 },
      form,
    );
    expect(await form.$eval('.media-upload-list__message', (el) => el.textContent)).to.include('Decorative image');
    expect(
      await suite.app.db.selectFrom('images').select('id').where('title', '=', 'Harbour at dusk').execute(),
    ).to.deep.equal([]);

    await (await form.$('input[name=default_alt_text]'))!.type('The harbour at dusk, boats moored');
    await (await form.$('button[type=submit]'))!.click();
    await page.waitForFunction(
      (el) => el.querySelector('button[type=submit]')!.textContent === 'Saved',
      { timeout: 10_000 },
      form,
    );
    const titled = await suite.app.db
      .selectFrom('images')
      .select(['title', 'default_alt_text', 'width'])
      .where('title', '=', 'Harbour at dusk')
      .execute();
    expect(titled).to.deep.equal([
      { title: 'Harbour at dusk', default_alt_text: 'The harbour at dusk, boats moored', width: 1760 },
    ]);

    // A second save of the same row is a save of the next version (not a stale form).
    await titleInput.click({ count: 3 });
    await titleInput.type('Harbour at dusk, June');
    await (await form.$('button[type=submit]'))!.click();
    await page.waitForFunction(
      (el) =>
        el.querySelector('button[type=submit]')!.textContent === 'Saved' &&
        el.querySelector('.media-upload-list__message')!.textContent === '',
      { timeout: 10_000 },
      form,
    );
    expect(
      (
        await suite.app.db.selectFrom('images').select('title').where('title', 'like', 'Harbour at dusk%').execute()
      ).map((row) => row.title),
    ).to.deep.equal(['Harbour at dusk, June']);
    expect(pathAndQuery(page)).to.equal('/wagtail/images/multiple/add/');
    // The refused save above is the one failed request.
    expect(
      tab.problems.filter((problem) => !/^sub-resource 400: .*\/wagtail\/images\/\d+\/$/.test(problem)),
    ).to.deep.equal([]);
    await page.close();
  });

  it('pages through the press releases with the arrows and numbers; ?page=1 goes to the bare URL; out-of-range and non-numeric pages are 404', async () => {
    const tab = await publicTab('/press/releases/');
    const { page } = tab;
    await waitForHydration(page);
    const current = () => page.$eval('.pagination [aria-current="page"]', (el) => el.textContent);
    const titles = () => page.$$eval('.press-articles__title', (els) => els.map((el) => el.textContent));
    expect(await current()).to.equal('1');
    expect(await page.$('.pagination a[rel="prev"]')).to.equal(null);
    const firstTitles = await titles();
    expect(firstTitles).to.have.length(10);

    await Promise.all([page.waitForNavigation(), page.click('.pagination a[rel="next"]')]);
    expect(pathAndQuery(page)).to.equal('/press/releases/?page=2');
    expect(await current()).to.equal('2');
    expect(await titles()).to.not.deep.equal(firstTitles);

    await Promise.all([page.waitForNavigation(), page.click('.pagination a[aria-label="Last page"]')]);
    expect(pathAndQuery(page)).to.equal('/press/releases/?page=3');
    expect(await current()).to.equal('3');
    expect(await page.$('.pagination a[rel="next"]')).to.equal(null);
    const releases = await suite.app.db
      .selectFrom('pages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('page_type', '=', 'PressReleasePage')
      .where('live', '=', true)
      .where('url_path', 'like', '/home/press/%')
      .executeTakeFirstOrThrow();
    expect(await titles()).to.have.length(Number(releases.n) - 20);

    await Promise.all([page.waitForNavigation(), page.click('.pagination a[aria-label="First page"]')]);
    expect(pathAndQuery(page)).to.equal('/press/releases/');
    expect(await current()).to.equal('1');

    // The page numbers link page 1 without a parameter.
    await page.goto(`${suite.server.baseUrl}/press/releases/?page=2`, { waitUntil: 'load' });
    expect(await page.$eval('.pagination a[aria-label="Page 1"]', (el) => el.getAttribute('href'))).to.equal(
      '/press/releases/',
    );

    const one = await page.goto(`${suite.server.baseUrl}/press/releases/?page=1`, { waitUntil: 'load' });
    expect(pathAndQuery(page)).to.equal('/press/releases/');
    expect(one?.status()).to.equal(200);
    expect(
      one
        ?.request()
        .redirectChain()
        .map((request) => request.response()?.status()),
    ).to.deep.equal([301]);

    for (const bad of ['4', '999999', 'abc', '0', '-1', '2.5']) {
      const res = await page.goto(`${suite.server.baseUrl}/press/releases/?page=${bad}`, { waitUntil: 'load' });
      expect(res?.status(), `?page=${bad}`).to.equal(404);
    }
    await page.close();
  });

  it("uploads a PDF into the press section's media downloads in the page editor and shows '.pdf File, {size}' on the public page", async () => {
    const pdf = Buffer.concat([tinyPdf(), Buffer.alloc(2_450_000 - tinyPdf().length, '%')]);
    writeFileSync(join(files, 'press-kit-2026.pdf'), pdf);
    const section = await suite.app.db
      .selectFrom('pages')
      .selectAll()
      .where('url_path', '=', '/home/press/')
      .executeTakeFirstOrThrow();
    const tab = await adminTab(`/wagtail/pages/${section.id}/edit/`);
    const { page } = tab;
    const tiles = '[data-field="page_fields"] [data-field="media_download_tiles"]';
    await page.waitForSelector(tiles);
    // The press section's own fields (press inquiries, download tiles) in the editor pass axe.
    await page.waitForSelector('[data-field="contact_info"] [contenteditable]');
    expect(await axeViolations(page, { tags: WCAG_TAGS })).to.deep.equal([]);
    const before = await page.$$eval(`${tiles} > ol > li`, (items) => items.length);
    await page.click(`${tiles} > button`);
    await page.waitForFunction(
      (selector, n) => document.querySelectorAll(`${selector} > ol > li`).length === n + 1,
      {},
      tiles,
      before,
    );
    const newTile = `${tiles} > ol > li:last-child`;
    await page.type(`${newTile} [data-field="title"] input`, 'Press Kit 2026');
    // The document chooser: upload the PDF inside it; it is chosen at once.
    await page.focus(`${newTile} [data-field="document_id"] .admin-chooser-field__body button`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() =>
      /^\d+(–\d+ of \d+)? documents?$/.test(document.querySelector('.admin-chooser__status')?.textContent ?? ''),
    );
    expect(await axeViolations(page, { tags: WCAG_TAGS })).to.deep.equal([]);
    await clickElement(page, '.admin-chooser__upload summary');
    await (await page.$('.admin-chooser__upload input[type=file]'))!.uploadFile(join(files, 'press-kit-2026.pdf'));
    await page.type('.admin-chooser__upload input:not([type=file])', 'Press kit 2026 (PDF)');
    await clickElement(page, '.admin-chooser__upload button');
    await page.waitForFunction(
      () => !document.querySelector('.admin-chooser') || document.querySelector('.admin-chooser__upload [role=alert]'),
      { timeout: 30_000 },
    );
    expect(
      await page.$eval(
        'body',
        (body) => body.querySelector('.admin-chooser__upload [role=alert]')?.textContent ?? null,
      ),
    ).to.equal(null);
    await page.waitForFunction(
      (selector) => document.querySelector(selector)?.textContent === 'Press kit 2026 (PDF)',
      {},
      `${newTile} [data-field="document_id"] .admin-chooser-field__chosen`,
    );
    const stored = await suite.app.db
      .selectFrom('documents')
      .selectAll()
      .where('title', '=', 'Press kit 2026 (PDF)')
      .executeTakeFirstOrThrow();
    expect(stored.file_size).to.equal(2_450_000);
    await chooseEditAction(page, 'Publish');
    const live = await suite.app.db
      .selectFrom('pages')
      .select('content')
      .where('id', '=', section.id)
      .executeTakeFirstOrThrow();
    expect((live.content as { media_download_tiles: unknown[] }).media_download_tiles.at(-1)).to.deep.equal({
      title: 'Press Kit 2026',
      document_id: stored.id,
    });
    // Autosave refuses the tile while it has no document yet (a 400 the editor shows); nothing else failed.
    expect(tab.problems.filter((problem) => !/^sub-resource 400: .*\/edit\/autosave\/$/.test(problem))).to.deep.equal(
      [],
    );
    await page.close();

    const visit = await publicTab('/press/');
    const tile = await visit.page.$$eval('.media-downloads__tile', (tiles) =>
      tiles
        .filter((item) => item.querySelector('.media-downloads__title')?.textContent === 'Press Kit 2026')
        .map((item) => ({
          meta: item.querySelector('.media-downloads__meta')?.textContent,
          href: item.querySelector('a.media-downloads__link')?.getAttribute('href'),
        })),
    );
    expect(tile).to.have.length(1);
    // 2,450,000 bytes in decimal megabytes, one decimal.
    expect(tile[0]!.meta).to.equal('.pdf File, 2.5 MB');
    expect(tile[0]!.href).to.equal(`/documents/${stored.id}/${stored.file_name}`);
    const download = await fetch(new URL(tile[0]!.href!, suite.server.baseUrl));
    expect(download.status).to.equal(200);
    expect(download.headers.get('content-type')).to.equal('application/pdf');
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).to.equal(true);
    visit.assertClean();
    await visit.page.close();
  });

  it('chooses an image for a block in the block editor: search, collection filter, and an upload inside the chooser', async () => {
    const db = suite.app.db;
    const storage = openMediaStorage(suite.app.config.media);
    const home = await db
      .selectFrom('pages')
      .select('id')
      .where('page_type', '=', 'HomePage')
      .orderBy('path')
      .executeTakeFirstOrThrow();
    const seeded = await db.selectFrom('images').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const target = await createPage(db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Chooser test page',
      slug: 'e2e-image-chooser',
      content: {
        body: [
          {
            type: 'feature_image',
            id: 'fi',
            value: { image: await imageForBlocks(db, seeded.id, storage), caption: '' },
          },
        ],
        confirmation_content: [],
      },
      publish: true,
    });
    const lighthouses = await createCollection(db, { name: 'Lighthouses', parentId: await rootCollectionId(db) });
    const card = await createImage(db, storage, {
      title: 'Lighthouse card',
      data: await grainyJpeg(1200, 800),
      defaultAltText: 'A red lighthouse on the point',
    });
    await db.updateTable('images').set({ collection_id: lighthouses.id }).where('id', '=', card.id).execute();

    const tab = await adminTab(`/wagtail/pages/${target.id}/edit/`);
    const { page } = tab;
    const field = '[data-stream-field="body"] li[data-block-type="feature_image"] [data-field="image"]';
    await page.waitForSelector(`${field} .admin-chooser-field__chosen`);
    expect(await page.$eval(`${field} .admin-chooser-field__chosen`, (el) => el.textContent)).to.equal(seeded.title);
    // The image chooser is a grid of thumbnails (ChooserGrid): each card's title.
    const titles = () => page.$$eval('.admin-chooser-grid__title', (els) => els.map((el) => el.textContent));
    const openChooser = async () => {
      await page.click(`${field} .admin-chooser-field__body button`);
      await page.waitForFunction(() =>
        /^\d+(–\d+ of \d+)? images?$/.test(document.querySelector('.admin-chooser__status')?.textContent ?? ''),
      );
      // The collection filter's choices have loaded.
      await page.waitForSelector('.admin-chooser__filter select:not([disabled])');
    };

    await openChooser();
    expect(await axeViolations(page, { tags: WCAG_TAGS })).to.deep.equal([]);
    expect(await page.$$eval('.admin-chooser-grid img', (els) => els.length)).to.be.greaterThan(0);
    // The collection filter: only the lighthouse card is in Lighthouses.
    await page.select('.admin-chooser__filter select', String(lighthouses.id));
    await page.waitForFunction(() => document.querySelector('.admin-chooser__status')?.textContent === '1 image');
    expect(await titles()).to.deep.equal(['Lighthouse card']);
    // Back to any collection, then search by title.
    await page.select('.admin-chooser__filter select', '');
    await page.type('.admin-chooser__search input', 'lighthouse card');
    await page.waitForFunction(
      () =>
        document.querySelector('.admin-chooser__list-title')?.textContent === 'Results for “lighthouse card”' &&
        document.querySelector('.admin-chooser__status')?.textContent === '1 image',
    );
    expect(await titles()).to.deep.equal(['Lighthouse card']);
    await page.type('.admin-chooser__search input', ' nothing like it');
    await page.waitForFunction(
      () => document.querySelector('.admin-chooser__status')?.textContent === 'No images found.',
    );
    await page.focus('.admin-chooser__search input');
    await page.keyboard.down('Control');
    await page.keyboard.press('KeyA');
    await page.keyboard.up('Control');
    await page.keyboard.type('lighthouse card');
    await page.waitForFunction(() => document.querySelector('.admin-chooser__status')?.textContent === '1 image');
    await page.click('.admin-chooser-grid__title');
    await page.waitForFunction(() => !document.querySelector('.admin-chooser'));
    await page.waitForFunction(
      (selector) => document.querySelector(selector)?.textContent === 'Lighthouse card',
      {},
      `${field} .admin-chooser-field__chosen`,
    );
    type Posted = {
      body: Array<{
        type: string;
        value: {
          image: { image_id: number; default_alt_text: string; renditions: Array<{ url: string; size: number }> };
        };
      }>;
    };
    const postedImage = async () =>
      (JSON.parse(await page.$eval('#id_content_json', (el) => (el as HTMLTextAreaElement).value)) as Posted).body[0]!
        .value.image;
    const chosen = await postedImage();
    expect(chosen.image_id).to.equal(card.id);
    expect(chosen.default_alt_text).to.equal('A red lighthouse on the point');
    expect(chosen.renditions.length).to.be.greaterThan(0);
    for (const rendition of chosen.renditions) {
      expect(rendition.url).to.match(new RegExp(`^/media/images/${card.id}/w\\d+\\.(avif|webp|jpeg)$`));
      expect(rendition.size).to.be.greaterThan(0);
    }

    // Upload inside the chooser, into the collection chosen in its filter: a file that is not an
    // image is refused there with the library's message; a real one is stored and chosen at once.
    writeFileSync(join(files, 'not-an-image.png'), 'plain text, not a PNG');
    writeFileSync(join(files, 'tide-pool.jpg'), await grainyJpeg(1000, 750));
    await openChooser();
    await page.select('.admin-chooser__filter select', String(lighthouses.id));
    await clickElement(page, '.admin-chooser__upload summary');
    const fileInput = (await page.$('.admin-chooser__upload input[type=file]'))!;
    await fileInput.uploadFile(join(files, 'not-an-image.png'));
    await clickElement(page, '.admin-chooser__upload button');
    await page.waitForSelector('.admin-chooser__upload [role=alert]');
    expect(await page.$eval('.admin-chooser__upload [role=alert]', (el) => el.textContent)).to.match(
      /not-an-image\.png: .+/,
    );
    expect(await page.$('.admin-chooser')).to.not.equal(null);
    await fileInput.uploadFile(join(files, 'tide-pool.jpg'));
    const uploadFields = await page.$$('.admin-chooser__upload input:not([type=file])');
    await uploadFields[0]!.type('Tide pool at low water');
    await uploadFields[1]!.type('Starfish in a rock pool');
    expect(await axeViolations(page, { tags: WCAG_TAGS })).to.deep.equal([]);
    await clickElement(page, '.admin-chooser__upload button');
    await page.waitForFunction(() => !document.querySelector('.admin-chooser'), { timeout: 30_000 });
    await page.waitForFunction(
      (selector) => document.querySelector(selector)?.textContent === 'Tide pool at low water',
      {},
      `${field} .admin-chooser-field__chosen`,
    );
    const uploaded = await db
      .selectFrom('images')
      .selectAll()
      .where('title', '=', 'Tide pool at low water')
      .executeTakeFirstOrThrow();
    expect(uploaded.default_alt_text).to.equal('Starfish in a rock pool');
    expect(uploaded.collection_id).to.equal(lighthouses.id);
    expect((await postedImage()).image_id).to.equal(uploaded.id);

    // Saved as a draft: the server accepts the value the chooser made.
    await Promise.all([
      page.waitForNavigation({ waitUntil: 'load' }),
      page.click('.admin-actions button[type="submit"]:not([name]):not([formaction])'),
    ]);
    const saved = await db
      .selectFrom('pages')
      .innerJoin('page_revisions', 'page_revisions.id', 'pages.latest_revision_id')
      .select('page_revisions.content')
      .where('pages.id', '=', target.id)
      .executeTakeFirstOrThrow();
    const body = (saved.content.content as unknown as Posted).body;
    expect(body[0]!.value.image.image_id).to.equal(uploaded.id);
    expect(
      tab.problems.filter((problem) => !/^sub-resource 400: .*\/wagtail\/images\/multiple\/add\/$/.test(problem)),
    ).to.deep.equal([]);
    await page.close();
  });

  describe('axe (WCAG 2.2 AA) at 1280 and 390 px', () => {
    const press = ['/press/', '/press/releases/', '/press/releases/?page=2'];
    for (const viewport of VIEWPORTS) {
      it(`has no violations on the press section, list and a release at ${viewport.width}px, in English and French`, async () => {
        const release = await suite.app.db
          .selectFrom('pages')
          .select('url_path')
          .where('page_type', '=', 'PressReleasePage')
          .where('url_path', 'like', '/home/press/%')
          .orderBy('id')
          .executeTakeFirstOrThrow();
        const paths: Array<[string, string]> = [...press, release.url_path.replace(/^\/home/, '')].map((path) => [
          path,
          'localhost',
        ]);
        paths.push(['/fr/press/', 'ca.localhost'], ['/fr/press/releases/', 'ca.localhost']);
        for (const [path, host] of paths) {
          const tab = await publicTab(path, viewport, host);
          expect(tab.status, path).to.equal(200);
          await waitForHydration(tab.page);
          expect(await axeViolations(tab.page, { tags: WCAG_TAGS }), `${host}${path}`).to.deep.equal([]);
          tab.assertClean();
          await tab.page.close();
        }
      });

      it(`has no violations on the image and document screens at ${viewport.width}px`, async () => {
        const image = await suite.app.db.selectFrom('images').select('id').orderBy('id').executeTakeFirstOrThrow();
        const document = await suite.app.db
          .selectFrom('documents')
          .select('id')
          .orderBy('id')
          .executeTakeFirstOrThrow();
        const screens = [
          '/wagtail/images/',
          '/wagtail/images/multiple/add/',
          `/wagtail/images/${image.id}/`,
          `/wagtail/images/${image.id}/delete/`,
          `/wagtail/images/usage/${image.id}/`,
          '/wagtail/documents/',
          '/wagtail/documents/multiple/add/',
          `/wagtail/documents/${document.id}/`,
          `/wagtail/documents/${document.id}/delete/`,
          `/wagtail/documents/usage/${document.id}/`,
        ];
        const tab = await adminTab(screens[0]!, viewport);
        for (const path of screens) {
          const res = await tab.page.goto(`${suite.server.baseUrl}${path}`, { waitUntil: 'load' });
          expect(res?.status(), path).to.equal(200);
          expect(await axeViolations(tab.page, { tags: WCAG_TAGS }), path).to.deep.equal([]);
        }
        tab.assertClean();
        await tab.page.close();
      });
    }
  });
});
