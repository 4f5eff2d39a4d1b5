import { expect } from 'chai';
import sharp from 'sharp';
import { fillCropBox, focalPointOf } from '../../server/modules/images/fill-crop';
import { createImage, imageForBlocks } from '../../server/modules/images/service';
import { createPage } from '../../server/modules/pages/service';
import { openMediaStorage } from '../../server/storage/open-media-storage';
import { TEST_ADMIN } from '../helpers/app';
import { axeViolations } from '../helpers/axe';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';

describe('the focal point picker in Chromium', () => {
  const suite = useBrowserSuite();

  /**
   * A public page whose social grid (square tiles, cropped) shows the image as blocks store it
   * now (what the image chooser gives), and the colour at the left edge of its tile as drawn.
   */
  async function tileLeftEdge(
    imageId: number,
    slug: string,
  ): Promise<{ objectPosition: string; red: number; blue: number }> {
    const db = suite.app.db;
    const home = await db
      .selectFrom('pages')
      .select('id')
      .where('page_type', '=', 'HomePage')
      .orderBy('path')
      .executeTakeFirstOrThrow();
    const value = {
      heading: 'Share Your Catch',
      handle: 'harborline',
      images: [await imageForBlocks(db, imageId, openMediaStorage(suite.app.config.media))],
    };
    await createPage(db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: slug,
      slug,
      content: { body: [{ type: 'social_grid', id: 'sg', value }], confirmation_content: [] },
      publish: true,
    });
    const tab = await suite.visit(`/${slug}/`);
    const img = (await tab.page.$('.block-social-grid__images img'))!;
    await img.scrollIntoView();
    await tab.page.waitForFunction(
      (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
      {},
      img,
    );
    const objectPosition = await img.evaluate((el) => getComputedStyle(el).objectPosition);
    const shot = Buffer.from(await img.screenshot({ type: 'png' }));
    const { data, info } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
    const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width * 0.05)) * info.channels;
    await tab.page.close();
    return { objectPosition, red: data[at]!, blue: data[at + 2]! };
  }

  it('sets the focal point by clicking the image, fills the numeric fields, and the crop follows it (computed and as drawn)', async () => {
    // Red down the left fifth, blue elsewhere: a centred square crop shows only blue.
    const data = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#0000cc' } })
      .composite([
        { input: { create: { width: 160, height: 400, channels: 3, background: '#cc0000' } }, left: 0, top: 0 },
      ])
      .jpeg({ quality: 95 })
      .toBuffer();
    const image = await createImage(suite.app.db, openMediaStorage(suite.app.config.media), {
      title: 'Focal test card',
      data,
      defaultAltText: 'A red and blue test card',
    });
    const before = await tileLeftEdge(image.id, 'e2e-focal-before');
    expect(before.objectPosition).to.equal('50% 50%');
    expect(before.blue).to.be.greaterThan(150);
    expect(before.red).to.be.lessThan(80);
    const centreCrop = fillCropBox(image, { width: 300, height: 300 }, focalPointOf(image));

    const { page, assertClean } = await openTab(await suite.chromium.browser.createBrowserContext());
    await page.setBypassCSP(true);
    await page.goto(`${suite.server.baseUrl}/wagtail/images/${image.id}/`, { waitUntil: 'load' });
    await page.type('#id_username', TEST_ADMIN.username);
    await page.type('#id_password', TEST_ADMIN.password);
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.keyboard.press('Enter')]);
    await page.waitForSelector('.focal-point-picker__image--clickable');
    expect(await page.$eval('.focal-point-picker__marker', (el) => (el as HTMLElement).hidden)).to.equal(true);
    expect(await axeViolations(page)).to.deep.equal([]);

    const box = (await (await page.$('.focal-point-picker__image'))!.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.1, box.y + box.height * 0.5);
    const x = Number(await page.$eval('input[name="focal_point_x"]', (el) => (el as HTMLInputElement).value));
    const y = Number(await page.$eval('input[name="focal_point_y"]', (el) => (el as HTMLInputElement).value));
    expect(x).to.be.closeTo(0.1, 0.02);
    expect(y).to.be.closeTo(0.5, 0.02);
    expect(await page.$eval('.focal-point-picker__marker', (el) => (el as HTMLElement).hidden)).to.equal(false);

    // Typed values move the marker too (the keyboard way).
    await page.$eval('input[name="focal_point_x"]', (el) => ((el as HTMLInputElement).value = ''));
    await page.type('input[name="focal_point_x"]', '0.15');
    expect(await page.$eval('.focal-point-picker__marker', (el) => (el as HTMLElement).style.left)).to.equal('15%');

    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('.admin-form button[type="submit"]')]);
    const saved = await suite.app.db
      .selectFrom('images')
      .selectAll()
      .where('id', '=', image.id)
      .executeTakeFirstOrThrow();
    expect(saved.focal_point_x).to.equal(0.15);
    expect(saved.focal_point_y).to.be.closeTo(0.5, 0.02);
    const movedCrop = fillCropBox(saved, { width: 300, height: 300 }, focalPointOf(saved));
    expect(centreCrop.left).to.equal(200);
    expect(movedCrop.left).to.equal(0);
    // A block choosing the image now draws its square tile around the new point: red shows at the left.
    const after = await tileLeftEdge(image.id, 'e2e-focal-after');
    expect(after.objectPosition).to.equal('15% 50%');
    expect(after.red).to.be.greaterThan(150);
    expect(after.blue).to.be.lessThan(80);
    assertClean();
  });
});
