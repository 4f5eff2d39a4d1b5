import { join } from 'node:path';
import { expect } from 'chai';
import type { Page } from 'puppeteer-core';
import { STATIC_DIR } from '../../server/paths';
import { TEST_ADMIN } from '../helpers/app';
import { axeViolations } from '../helpers/axe';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';

const VIDEOS = join(STATIC_DIR, 'media', 'videos');

describe('the video library in Chromium', function () {
  this.timeout(120_000);
  const suite = useBrowserSuite();

  /** axe finds nothing at a desktop and a phone width. */
  async function expectAccessible(page: Page, what: string) {
    for (const width of [1280, 390]) {
      await page.setViewport({ width, height: 900 });
      expect(await axeViolations(page), `${what} at ${width} px`).to.deep.equal([]);
    }
    await page.setViewport({ width: 1280, height: 900 });
  }

  it('uploads a video with progress, adds a caption track, and passes axe at 1280 and 390 px', async () => {
    const { page, assertClean } = await openTab(await suite.chromium.browser.createBrowserContext(), {
      width: 1280,
      height: 900,
    });
    await page.setBypassCSP(true);
    await page.goto(`${suite.server.baseUrl}/wagtail/videos/multiple/add/`, { waitUntil: 'load' });
    await page.type('#id_username', TEST_ADMIN.username);
    await page.type('#id_password', TEST_ADMIN.password);
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.keyboard.press('Enter')]);
    await expectAccessible(page, 'the upload screen');

    // The script sends the chosen file on its own request with a progress bar.
    const input = (await page.$('input[type=file][name=file]'))!;
    await input.uploadFile(join(VIDEOS, 'dock-morning.mp4'));
    await page.waitForSelector('.media-upload-list__item--done', { timeout: 20_000 });
    expect(
      await page.$eval('.media-upload-list__item--done progress', (el) => (el as HTMLProgressElement).value),
    ).to.equal(100);
    expect(
      await page.$eval('.media-upload-list__item--done .media-upload-list__status', (el) => el.textContent),
    ).to.equal('Uploaded (MP4, 0:04, 8.0 kB)');
    await expectAccessible(page, 'the upload screen after an upload');
    const video = await suite.app.db.selectFrom('videos').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(video).to.include({ title: 'dock morning', mimetype: 'video/mp4', duration: 4 });

    await page.goto(`${suite.server.baseUrl}/wagtail/videos/${video.id}/`, { waitUntil: 'load' });
    await expectAccessible(page, 'the video edit screen');
    await Promise.all([
      page.waitForNavigation({ waitUntil: 'load' }),
      page.click(`a[href="/wagtail/videos/${video.id}/tracks/"]`),
    ]);
    expect(await page.$eval('h1', (el) => el.textContent)).to.equal('Captions of dock morning');
    await expectAccessible(page, 'the captions screen');

    // A file that is not WebVTT is refused with the reason next to the field.
    await page.type('#id_label', 'English');
    await page.type('#id_language', 'en');
    await (await page.$('input#id_file'))!.uploadFile(join(VIDEOS, 'dock-morning.mp4'));
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('.admin-form button[type="submit"]')]);
    expect(await page.$eval('#id_file-error', (el) => el.textContent)).to.match(/not UTF-8|must start with “WEBVTT”/);
    await expectAccessible(page, 'the captions screen with an error');

    // The real captions file, as the default track.
    await page.$eval('#id_label', (el) => ((el as HTMLInputElement).value = 'English'));
    await page.$eval('#id_language', (el) => ((el as HTMLInputElement).value = 'en'));
    await page.click('#id_is_default');
    await (await page.$('input#id_file'))!.uploadFile(join(VIDEOS, 'dock-morning.en.vtt'));
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('.admin-form button[type="submit"]')]);
    expect(await page.$eval('.admin-message', (el) => el.textContent)).to.include('Track “English” (en) added.');
    const track = await suite.app.db
      .selectFrom('video_text_tracks')
      .selectAll()
      .where('video_id', '=', video.id)
      .executeTakeFirstOrThrow();
    expect(track).to.include({ language: 'en', label: 'English', is_default: true });
    expect(await page.$$eval('.admin-table tbody tr', (rows) => rows.map((row) => row.textContent))).to.deep.equal([
      'EnglishencaptionsYesDelete the English track',
    ]);
    await expectAccessible(page, 'the captions screen with a track');

    // The track is served as WebVTT, and a player reads its cues.
    const served = await page.evaluate(async (src) => {
      const res = await fetch(src);
      return { type: res.headers.get('content-type'), text: await res.text() };
    }, `/video-track/${track.id}/`);
    expect(served).to.deep.equal({
      type: 'text/vtt; charset=utf-8',
      text: 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\n[Gulls call over the harbour]\n\n00:00:02.000 --> 00:00:04.000\nA boat heads out at dawn.\n',
    });
    const cues = await page.evaluate(
      async (videoSrc, trackSrc) => {
        const element = document.createElement('video');
        element.muted = true;
        element.src = videoSrc;
        const text = document.createElement('track');
        Object.assign(text, { kind: 'captions', srclang: 'en', label: 'English', src: trackSrc, default: true });
        element.append(text);
        document.body.append(element);
        await new Promise((resolve, reject) => {
          text.addEventListener('load', resolve);
          text.addEventListener('error', reject);
        });
        const list = text.track.cues!;
        return Array.from({ length: list.length }, (_, i) => (list[i] as VTTCue).text);
      },
      `/videos/${video.id}/${video.file_name}`,
      `/video-track/${track.id}/`,
    );
    expect(cues).to.deep.equal(['[Gulls call over the harbour]', 'A boat heads out at dawn.']);

    await page.goto(`${suite.server.baseUrl}/wagtail/videos/`, { waitUntil: 'load' });
    await expectAccessible(page, 'the videos list');
    assertClean();
    await page.close();
  });

  it('chooses a library video for a block in the page editor (with its captions), and every video field offers the chooser', async () => {
    const db = suite.app.db;
    const uploaded = await db
      .selectFrom('videos')
      .selectAll()
      .where('title', '=', 'dock morning')
      .executeTakeFirstOrThrow();
    const demo = await db
      .selectFrom('videos')
      .selectAll()
      .where('title', '=', 'A Morning on the Dock')
      .executeTakeFirstOrThrow();
    const about = await db
      .selectFrom('pages')
      .select('id')
      .where('slug', '=', 'about')
      .orderBy('path')
      .executeTakeFirstOrThrow();
    const { page, assertClean } = await openTab(await suite.chromium.browser.createBrowserContext(), {
      width: 1280,
      height: 900,
    });
    await page.setBypassCSP(true);
    await page.goto(`${suite.server.baseUrl}/wagtail/pages/${about.id}/edit/`, { waitUntil: 'load' });
    await page.type('#id_username', TEST_ADMIN.username);
    await page.type('#id_password', TEST_ADMIN.password);
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.keyboard.press('Enter')]);

    const field = '[data-stream-field="body"] li[data-block-type="video_feature"] [data-chooser="video_chooser"]';
    await page.waitForSelector(field);
    expect(await page.$eval(`${field} .admin-chooser-field__chosen`, (el) => el.textContent)).to.equal(
      `A Morning on the Dock (video ${demo.id})`,
    );
    await page.$eval(`${field} button`, (el) => el.scrollIntoView());
    await page.click(`${field} button`);
    await page.waitForFunction(() => document.querySelectorAll('.admin-chooser__title').length >= 2);
    expect(await axeViolations(page)).to.deep.equal([]);
    const choices = await page.$$('.admin-chooser__title');
    for (const choice of choices) {
      if ((await choice.evaluate((el) => el.textContent)) === 'Choose dock morning') {
        await choice.click();
        break;
      }
    }
    await page.waitForFunction(() => !document.querySelector('.admin-chooser'));
    expect(await page.$eval(`${field} .admin-chooser-field__chosen`, (el) => el.textContent)).to.equal(
      `dock morning (video ${uploaded.id})`,
    );
    const posted = JSON.parse(await page.$eval('#id_content_json', (el) => (el as HTMLTextAreaElement).value)) as {
      body: Array<{
        type: string;
        value: { video: { media_id: number; sources: unknown[]; tracks: Array<{ src: string; srclang: string }> } };
      }>;
    };
    const chosen = posted.body.find((block) => block.type === 'video_feature')!.value.video;
    expect(chosen.media_id).to.equal(uploaded.id);
    expect(chosen.sources).to.deep.equal([
      { url: `/videos/${uploaded.id}/${uploaded.file_name}`, mimetype: 'video/mp4' },
    ]);
    expect(chosen.tracks.map((track) => track.srclang)).to.deep.equal(['en']);

    // The gallery's full-width media and the media grid's looping tile choose from the library too.
    const gallery = await db
      .selectFrom('pages')
      .select('id')
      .where('slug', '=', 'block-gallery')
      .executeTakeFirstOrThrow();
    // Leaving the edited page asks about its unsaved change: leave.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.goto(`${suite.server.baseUrl}/wagtail/pages/${gallery.id}/edit/`, { waitUntil: 'load' });
    await page.waitForSelector(
      '[data-stream-field="body"] li[data-block-type="media_grid"] [data-chooser="video_chooser"]',
    );
    expect(
      await page.$$eval(
        '[data-stream-field="body"] li[data-block-type="full_width_media"] [data-chooser="video_chooser"]',
        (els) => els.length,
      ),
    ).to.equal(1);
    assertClean();
    await page.close();
  });
});
