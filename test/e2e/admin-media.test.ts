import { expect } from 'chai';
import type { Page } from 'puppeteer-core';
import sharp from 'sharp';
import { createPage } from '../../server/modules/pages/service';
import { TEST_ADMIN } from '../helpers/app';
import { axeViolations } from '../helpers/axe';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';
import { signInToAdmin } from '../helpers/admin-sign-in';

/** Issue 30, "media you can see": at a desktop and a phone width. */
const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
/** Screenshots to look at after a run (the report names them). */
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp';

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
const allPicturesDrawn = (page: Page, selector: string) =>
  page.waitForFunction(
    (sel) => {
      const images = [...document.querySelectorAll<HTMLImageElement>(sel)];
      return images.length > 0 && images.every((img) => img.complete && img.naturalWidth > 0);
    },
    {},
    selector,
  );

describe('media you can see, in Chromium at 1440 and 390 px', () => {
  const suite = useBrowserSuite();

  const signedInTab = async (viewport: { width: number; height: number }) => {
    const tab = await openTab(suite.chromium.browser, viewport);
    await tab.page.setBypassCSP(true); // axe is injected without the page's nonce
    await signInToAdmin(tab.page, suite.server.baseUrl, TEST_ADMIN, { freshCookies: true });
    return tab;
  };

  for (const size of WIDTHS) {
    it(`shows the image library as a grid of thumbnails with a tag filter (${size.name})`, async () => {
      const { page, assertClean } = await signedInTab(size);
      await page.goto(`${suite.server.baseUrl}/wagtail/images/`, { waitUntil: 'load' });
      await page.waitForSelector('.admin-media-grid .admin-media-card');
      // The first cards are in view at once (the rest load lazily as they scroll in).
      await allPicturesDrawn(page, '.admin-media-card:nth-child(-n+2) img');
      const columns = await page.$eval(
        '.admin-media-grid',
        (el) => getComputedStyle(el).gridTemplateColumns.split(' ').length,
      );
      expect(columns).to.be.at.least(size.width > 800 ? 5 : 2);
      expect(await page.$('label[for="id_filter_tag"]')).to.not.equal(null);
      expect(await noSideScroll(page)).to.equal(true);
      expect(await axeViolations(page)).to.deep.equal([]);
      await page.screenshot({ path: `${SHOTS}/admin-media-grid-${size.width}.png` });
      assertClean();
      await page.close();
    });

    it(`starts a new image block empty, chooses from a grid by keyboard, and shows the chosen thumbnail (${size.name})`, async () => {
      const db = suite.app.db;
      const root = await db
        .selectFrom('sites')
        .select('root_page_id')
        .where('is_default_site', '=', true)
        .executeTakeFirstOrThrow();
      const page_ = await createPage(db, {
        parentId: root.root_page_id,
        pageType: 'ExamplePage',
        title: `Image block ${size.name}`,
        content: { body: [], confirmation_content: [] },
        publish: false,
      });
      const { page, assertClean } = await signedInTab(size);
      await page.goto(`${suite.server.baseUrl}/wagtail/pages/${page_.id}/edit/`, { waitUntil: 'load' });
      await page.waitForSelector('[data-stream-field="body"] .admin-add-block');
      // By keyboard: on a phone the sticky action bar covers the lower part of the screen.
      await page.focus('[data-stream-field="body"] .admin-add-block');
      await page.keyboard.press('Enter');
      await page.waitForSelector('.admin-block-picker .admin-menu__item');
      await page.$$eval('.admin-block-picker .admin-menu__item', (items) =>
        (items.find((item) => item.textContent?.trim() === 'Feature image') as HTMLElement).click(),
      );
      const field = '[data-stream-field="body"] [data-chooser="image_chooser"]';
      await page.waitForSelector(field);
      // Nothing chosen, no hollow placeholder, no error shown.
      expect(await page.$eval(`${field} .admin-chooser-field__chosen`, (el) => el.textContent)).to.equal(
        'No image chosen',
      );
      expect(await page.$(`${field} img`)).to.equal(null);
      expect(await page.$(`${field} .admin-field__error`)).to.equal(null);
      const posted = await page.$eval('#id_content_json', (el) => JSON.parse((el as HTMLTextAreaElement).value));
      expect(JSON.stringify(posted.body[0].value)).to.not.contain('renditions');

      await page.focus(`${field} .admin-chooser-field__body button`);
      await page.keyboard.press('Enter');
      await page.waitForSelector('.admin-chooser-grid .admin-chooser-grid__item');
      await allPicturesDrawn(page, '.admin-chooser-grid__item:nth-child(-n+2) img');
      expect(await axeViolations(page)).to.deep.equal([]);
      await page.screenshot({ path: `${SHOTS}/admin-media-chooser-${size.width}.png` });

      // Keyboard: focus the grid, then arrows across and down; Enter chooses the focused picture.
      const items = await page.$$('.admin-chooser-grid__item');
      const positions = await Promise.all(items.map((item) => item.evaluate((el) => el.getBoundingClientRect().top)));
      const perRow = positions.filter((top) => top === positions[0]).length;
      await items[0]!.focus();
      const focusedIndex = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('.admin-chooser-grid__item')].indexOf(document.activeElement as Element),
        );
      expect(await focusedIndex()).to.equal(0);
      await page.keyboard.press('ArrowRight');
      expect(await focusedIndex()).to.equal(perRow > 1 ? 1 : 0);
      await page.keyboard.press('ArrowDown');
      const expected = Math.min((perRow > 1 ? 1 : 0) + perRow, items.length - 1);
      expect(await focusedIndex()).to.equal(expected);
      const title = await page.$eval(
        '.admin-chooser-grid__item:focus .admin-chooser-grid__title',
        (el) => el.textContent,
      );
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        (sel, want) => document.querySelector(`${sel} .admin-chooser-field__chosen`)?.textContent === want,
        {},
        field,
        title,
      );
      await allPicturesDrawn(page, `${field} .admin-chooser-field__thumbnail`);
      const edit = await page.$eval(`${field} a`, (el) => ({
        href: el.getAttribute('href'),
        target: el.getAttribute('target'),
        text: el.textContent,
      }));
      expect(edit.href).to.match(/^\/wagtail\/images\/\d+\/$/);
      expect(edit.target).to.equal('_blank');
      expect(edit.text).to.contain('Edit image');
      // Focus came back to the field's Change button.
      expect(await page.evaluate(() => document.activeElement?.textContent)).to.match(/^Change image/);
      expect(await noSideScroll(page)).to.equal(true);
      expect(await axeViolations(page, { iframes: false })).to.deep.equal([]);
      await (await page.$(field))!.scrollIntoView();
      await page.screenshot({ path: `${SHOTS}/admin-media-chosen-${size.width}.png` });
      assertClean();
      await page.close();
    });

    it(`uploads several images dropped on the form, each with a preview (${size.name})`, async () => {
      const count = async () =>
        Number(
          (
            await suite.app.db
              .selectFrom('images')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const files = await Promise.all(
        ['#c8102e', '#0e8a9a'].map(async (colour, index) => ({
          name: `dropped-${size.width}-${index + 1}.png`,
          data: (
            await sharp({ create: { width: 400, height: 300, channels: 3, background: colour } })
              .png()
              .toBuffer()
          ).toString('base64'),
        })),
      );
      const { page, assertClean } = await signedInTab(size);
      await page.goto(`${suite.server.baseUrl}/wagtail/images/multiple/add/`, { waitUntil: 'load' });
      await page.waitForSelector('[data-drop-hint]:not([hidden])');
      await page.evaluate((dropped) => {
        const transfer = new DataTransfer();
        for (const file of dropped) {
          const bytes = Uint8Array.from(atob(file.data), (c) => c.charCodeAt(0));
          transfer.items.add(new File([bytes], file.name, { type: 'image/png' }));
        }
        const form = document.querySelector('form[data-media-upload]')!;
        form.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
        form.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      }, files);
      await page.waitForFunction(() => document.querySelectorAll('.media-upload-list__item--done').length === 2, {
        timeout: 20_000,
      });
      await allPicturesDrawn(page, '.media-upload-list__preview');
      const names = await page.$$eval('.media-upload-list__name', (els) => els.map((el) => el.textContent));
      expect(names).to.deep.equal(files.map((file) => file.name));
      expect(await count()).to.equal(before + 2);
      expect(await noSideScroll(page)).to.equal(true);
      expect(await axeViolations(page)).to.deep.equal([]);
      await page.screenshot({ path: `${SHOTS}/admin-media-upload-${size.width}.png`, fullPage: true });
      assertClean();
      await page.close();
    });
  }
});
