import { expect } from 'chai';
import sharp from 'sharp';
import { fillCropBox, focalPointOf } from '../../server/modules/images/fill-crop';
import { createImage } from '../../server/modules/images/service';
import { openMediaStorage } from '../../server/storage/open-media-storage';
import { TEST_ADMIN } from '../helpers/app';
import { axeViolations } from '../helpers/axe';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';

describe('the focal point picker in Chromium', () => {
  const suite = useBrowserSuite();

  it('sets the focal point by clicking the image, fills the numeric fields, and the fill crop follows it', async () => {
    const data = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#3a6' } }).jpeg().toBuffer();
    const image = await createImage(suite.app.db, openMediaStorage(suite.app.config.media), { title: 'Focal test card', data, defaultAltText: 'A green test card' });
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
    const saved = await suite.app.db.selectFrom('images').selectAll().where('id', '=', image.id).executeTakeFirstOrThrow();
    expect(saved.focal_point_x).to.equal(0.15);
    expect(saved.focal_point_y).to.be.closeTo(0.5, 0.02);
    const movedCrop = fillCropBox(saved, { width: 300, height: 300 }, focalPointOf(saved));
    expect(centreCrop.left).to.equal(200);
    expect(movedCrop.left).to.equal(0);
    assertClean();
  });
});
