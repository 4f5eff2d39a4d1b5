import { expect } from 'chai';
import sharp from 'sharp';
import { createImage } from '../../server/modules/images/service';
import { openMediaStorage } from '../../server/storage/open-media-storage';
import { TEST_ADMIN } from '../helpers/app';
import { axeViolations } from '../helpers/axe';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';
import { signInToAdmin } from '../helpers/admin-sign-in';

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
const BULK = '/wagtail/bulk/wagtailimages/image';
/** Screenshots to look at after a run. */
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp';

describe('image library in Chromium: bulk add tags and add to collection', () => {
  const suite = useBrowserSuite();

  /** Two images of their own for each run, found by a search for `prefix`. */
  const twoImages = async (prefix: string) => {
    const storage = openMediaStorage(suite.app.config.media);
    const made = [];
    for (const [name, colour] of [
      ['crab', '#b5522e'],
      ['lobster', '#c8102e'],
    ] as const) {
      const data = await sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
        .jpeg()
        .toBuffer();
      made.push(await createImage(suite.app.db, storage, { title: `${prefix} ${name}`, data, defaultAltText: name }));
    }
    return made;
  };

  for (const viewport of WIDTHS) {
    it(`ticks images in the grid, adds tags after the confirmation, and refuses a bad tag on the field, at ${viewport.width} px`, async () => {
      const prefix = `Bulkshell${viewport.width}`;
      const images = await twoImages(prefix);
      const { page, assertClean } = await openTab(suite.chromium.browser, viewport);
      await page.setBypassCSP(true); // axe is injected without the page's nonce
      await signInToAdmin(page, suite.server.baseUrl, TEST_ADMIN, { freshCookies: true });
      const listing = `/wagtail/images/?q=${prefix}`;
      await page.goto(`${suite.server.baseUrl}${listing}`, { waitUntil: 'load' });
      expect(await page.$$('.admin-media-card')).to.have.length(2);
      expect(await axeViolations(page)).to.deep.equal([]);

      // Tick both cards (by their labelled boxes), then Add tags to selected.
      for (const image of images) await page.click(`.admin-media-card[data-row-id="${image.id}"] input[name="id"]`);
      await Promise.all([
        page.waitForNavigation({ waitUntil: 'load' }),
        page.click(`button[formaction="${BULK}/add_tags/"]`),
      ]);
      expect(await page.$eval('h1', (h) => h.textContent)).to.equal('Add tags to 2 images');
      const listed = await page.$$eval('#bulk-act + ul li', (items) => items.map((li) => li.textContent));
      expect(listed).to.have.members(images.map((image) => image.title));
      expect(await axeViolations(page)).to.deep.equal([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).to.equal(true);

      // Too long a tag: the message is on the field, what was typed is still there.
      const typed = `crab, ${'x'.repeat(101)}`;
      await page.type('#id_tags', typed);
      await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('main form[method="post"] button')]);
      expect(await page.$eval('#id_tags-error', (e) => e.textContent)).to.include('at most 100 characters');
      expect(await page.$eval('#id_tags', (input) => (input as HTMLInputElement).value)).to.equal(typed);
      expect(await axeViolations(page)).to.deep.equal([]);
      await page.screenshot({ path: `${SHOTS}/admin-media-bulk-tags-${viewport.width}.png`, fullPage: true });

      await page.$eval('#id_tags', (input) => ((input as HTMLInputElement).value = ''));
      await page.type('#id_tags', 'crab, shellfish');
      await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('main form[method="post"] button')]);
      // Back on the searched listing, with the outcome and the tags on each card.
      expect(page.url()).to.equal(`${suite.server.baseUrl}${listing}`);
      // The titles come in the order the grid showed them (newest first).
      const message = await page.$eval('.admin-message', (m) => m.textContent ?? '');
      expect(message).to.match(/^Tags “crab, shellfish” added to 2 images: '[^']+', '[^']+'\.$/);
      for (const image of images) expect(message).to.include(`'${image.title}'`);
      await page.screenshot({ path: `${SHOTS}/admin-media-bulk-list-${viewport.width}.png` });
      const cards = await page.$$eval('.admin-media-card__details', (lists) => lists.map((l) => l.textContent ?? ''));
      expect(cards.every((text) => text.includes('crab, shellfish'))).to.equal(true);

      // The collection screen: a select of the collections, and no axe violation either.
      await page.goto(`${suite.server.baseUrl}${BULK}/add_to_collection/?id=${images[0]!.id}&id=${images[1]!.id}`, {
        waitUntil: 'load',
      });
      expect(await page.$eval('h1', (h) => h.textContent)).to.equal('Add 2 images to a collection');
      expect(await page.$$eval('#id_collection option', (options) => options.length)).to.be.greaterThan(1);
      expect(await axeViolations(page)).to.deep.equal([]);
      assertClean();
      await page.close();
    });
  }
});
