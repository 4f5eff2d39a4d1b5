import { expect } from 'chai';
import type { Frame, Page } from 'puppeteer-core';
import { axeViolations } from '../helpers/axe';
import { TEST_ADMIN } from '../helpers/app';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';
import { editActionLabels } from '../helpers/edit-screen';
import { signInToAdmin } from '../helpers/admin-sign-in';

// The browser is shared between the tests: each signs in afresh.
const signIn = (page: Page, baseUrl: string) => signInToAdmin(page, baseUrl, TEST_ADMIN, { freshCookies: true });

/** The preview frame on show (of the two the panel swaps). */
async function shownFrame(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector('.admin-live-preview__frame[data-shown="true"]');
  const frame = await handle!.contentFrame();
  if (!frame) throw new Error('no preview frame');
  return frame;
}

async function replaceTitle(page: Page, title: string) {
  await page.click('#id_title', { count: 3 });
  await page.type('#id_title', title);
}

describe('page edit screen in Chromium: tabs, actions menu, Ctrl+S, live preview, sidebar', () => {
  const suite = useBrowserSuite();
  const storyId = async () =>
    (
      await suite.app.db
        .selectFrom('pages')
        .select('id')
        .where('slug', '=', 'about')
        .orderBy('path')
        .executeTakeFirstOrThrow()
    ).id;

  it('shows the live preview of the unsaved form, refreshed after typing stops, keeping its scroll position, without axe violations at 1280 and 390 px', async () => {
    const id = await storyId();
    const tab = await openTab(suite.chromium.browser);
    const { page } = tab;
    await page.setBypassCSP(true);
    await signIn(page, suite.server.baseUrl);
    await page.goto(`${suite.server.baseUrl}/wagtail/pages/${id}/edit/`, { waitUntil: 'load' });

    // Tabs: every section is in the form; the Promote fields post from a tab not on show.
    await page.waitForSelector('.admin-tabs__tab');
    expect(await page.$$eval('.admin-tabs__tab', (tabs) => tabs.map((t) => t.textContent))).to.deep.equal([
      'Content',
      'Promote',
      'Settings',
    ]);
    expect(
      await page.$eval('#page-edit-form', (form) =>
        ['slug', 'seo_title', 'go_live_at'].every((name) => (form as HTMLFormElement).elements.namedItem(name)),
      ),
    ).to.equal(true);
    expect(await page.$eval('#id_slug', (el) => el.getClientRects().length)).to.equal(0);
    // The actions menu holds the actions that were buttons and links; Schedule opens the schedule dialog.
    expect(await editActionLabels(page)).to.include.members([
      'Publish',
      'Submit for moderation',
      'Schedule',
      'Unpublish',
      'Move',
      'Copy',
      'Lock',
      'Delete',
    ]);
    await page.click('[data-action-menu-trigger]');
    await page.waitForSelector('.admin-menu__item');
    const labels = await page.$$eval('.admin-menu__item', (items) => items.map((item) => item.textContent));
    expect(labels).to.include('Preview (opens in a new tab)');
    const schedule = (await page.$$('.admin-menu__item'))[labels.indexOf('Schedule')]!;
    await schedule.click();
    await page.waitForFunction(() => document.activeElement?.id === 'id_go_live_at');
    expect(await page.$eval('dialog[data-schedule-dialog]', (el) => (el as HTMLDialogElement).open)).to.equal(true);
    await page.keyboard.press('Escape');
    await page.waitForSelector('dialog[data-schedule-dialog]:not([open])');

    // The document title is the title tag when there is one: leave it empty so the title shows.
    await page.$eval('#id_seo_title', (el) => ((el as HTMLInputElement).value = ''));
    // Open the panel: it shows the draft as the public template renders it.
    await page.click('[data-live-preview-toggle]');
    await page.waitForSelector('[data-live-preview-status="updated"]');
    expect(await (await shownFrame(page)).$eval('body', (body) => body.classList.contains('admin'))).to.equal(false);

    // Scroll the preview, then type: the new version shows the typed title, at the same place.
    await (await shownFrame(page)).evaluate(() => window.scrollTo(0, 300));
    const before = await (await shownFrame(page)).evaluate(() => window.scrollY);
    expect(before).to.be.greaterThan(0);
    await replaceTitle(page, 'Our story, told live');
    await page.waitForFunction(() => {
      const frame = document.querySelector<HTMLIFrameElement>('.admin-live-preview__frame[data-shown="true"]');
      return frame?.contentDocument?.title.includes('Our story, told live');
    });
    expect(await (await shownFrame(page)).evaluate(() => window.scrollY)).to.equal(before);

    // A form the preview cannot render (no title) keeps the last good version and says so.
    await page.click('#id_title', { count: 3 });
    await page.keyboard.press('Backspace');
    await page.waitForSelector('[data-live-preview-status="invalid"]');
    expect(await (await shownFrame(page)).evaluate(() => document.title)).to.include('Our story, told live');

    // Nothing was saved by previewing.
    const saved = await suite.app.db.selectFrom('pages').select('title').where('id', '=', id).executeTakeFirstOrThrow();
    expect(saved.title).to.not.include('told live');

    // Widths: mobile draws the page at 375 px.
    await page.click('.admin-live-preview__size:last-child');
    expect(
      await page.$eval('.admin-live-preview__frame[data-shown="true"]', (el) => (el as HTMLElement).style.width),
    ).to.equal('375px');

    // axe with the panel open (the framed public page is checked by the public pages' own tests).
    await page.type('#id_title', 'Our story');
    expect(await axeViolations(page, { iframes: false })).to.deep.equal([]);
    await page.setViewport({ width: 390, height: 844 });
    await page.waitForSelector('[data-live-preview-status="updated"]');
    expect(await axeViolations(page, { iframes: false })).to.deep.equal([]);
    // Leave without the unsaved-edits question: close the panel for the next tests.
    await page.click('[data-live-preview-toggle]');
    tab.assertClean();
    page.on('dialog', (dialog) => void dialog.accept());
    await page.close({ runBeforeUnload: false });
  });

  it('saves a draft with Ctrl+S, and asks before leaving with edits not yet saved', async () => {
    const id = await storyId();
    const tab = await openTab(suite.chromium.browser);
    const { page } = tab;
    await signIn(page, suite.server.baseUrl);
    await page.goto(`${suite.server.baseUrl}/wagtail/pages/${id}/edit/`, { waitUntil: 'load' });
    await page.waitForSelector('[data-action-menu-trigger]');
    // Autosave would store the edit before the question is asked: make it wait.
    await page.$eval('#editing-sessions', (el) => ((el as HTMLElement).dataset.autosaveDelay = '600000'));

    await replaceTitle(page, 'Our story, kept');
    const dialog = new Promise<string>((resolve) =>
      page.once('dialog', (d) => void d.dismiss().then(() => resolve(d.type()))),
    );
    await page.click('a[href^="/wagtail/pages/"].admin-button');
    expect(await dialog).to.equal('beforeunload');
    expect(new URL(page.url()).pathname).to.equal(`/wagtail/pages/${id}/edit/`);

    // Ctrl+S: an ordinary Save draft (no question, the same flash).
    await Promise.all([
      page.waitForNavigation({ waitUntil: 'load' }),
      page.keyboard.down('Control').then(() => page.keyboard.press('s')),
    ]);
    await page.keyboard.up('Control');
    expect(await (await page.waitForSelector('.admin-message'))!.evaluate((el) => el.textContent)).to.include(
      'has been updated',
    );
    const revision = await suite.app.db
      .selectFrom('pages')
      .innerJoin('page_revisions', 'page_revisions.id', 'pages.latest_revision_id')
      .select('page_revisions.content')
      .where('pages.id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(revision.content)).to.include('Our story, kept');
    tab.assertClean();
    await page.close();
  });

  it('collapses and expands every block card at once, a collapsed card showing its heading or first words', async () => {
    const id = await storyId();
    const tab = await openTab(suite.chromium.browser);
    const { page } = tab;
    await signIn(page, suite.server.baseUrl);
    await page.goto(`${suite.server.baseUrl}/wagtail/pages/${id}/edit/`, { waitUntil: 'load' });
    await page.waitForSelector('[data-collapse-all]');
    await page.click('[data-collapse-all]');
    const cards = () =>
      page.$$eval('[data-stream-field="body"] .admin-block', (blocks) =>
        blocks.map((b) => ({
          hidden: b.querySelector('.admin-block__body')?.hasAttribute('hidden'),
          summary: b.querySelector('.admin-block__summary')?.textContent ?? '',
        })),
      );
    const collapsed = await cards();
    expect(collapsed.length).to.be.greaterThan(1);
    expect(collapsed.every((card) => card.hidden)).to.equal(true);
    expect(collapsed.filter((card) => card.summary.length > 0).length).to.be.greaterThan(0);
    expect(collapsed.every((card) => card.summary.length <= 71)).to.equal(true);
    await page.click('[data-expand-all]');
    expect((await cards()).every((card) => !card.hidden && card.summary === '')).to.equal(true);
    tab.assertClean();
    await page.close();
  });

  it("shows a failed save's block errors on their cards, counted at the top with links that move focus to each card", async () => {
    const id = await storyId();
    const tab = await openTab(suite.chromium.browser);
    const { page } = tab;
    await page.setBypassCSP(true);
    await signIn(page, suite.server.baseUrl);
    await page.goto(`${suite.server.baseUrl}/wagtail/pages/${id}/edit/`, { waitUntil: 'load' });
    await page.waitForSelector('[data-collapse-all]');
    // Collapsed cards open again when the server sends them back with errors.
    await page.click('[data-collapse-all]');
    // Break the second block as a hand-edited body would (the textarea is what the form posts).
    const brokenId = await page.$eval('#id_content_json', (el) => {
      const textarea = el as HTMLTextAreaElement;
      const content = JSON.parse(textarea.value) as { body: Array<{ id: string; type: string; value: unknown }> };
      content.body[1] = { ...content.body[1]!, type: 'heading', value: { text: 42, level: 'h9' } };
      textarea.value = JSON.stringify(content);
      return content.body[1].id;
    });
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('[data-save-draft]')]);
    expect(await page.$eval('[data-block-error-summary] p', (el) => el.textContent)).to.equal('2 errors in 1 block');
    const card = `#block-card-${brokenId}`;
    await page.waitForSelector(`${card} .admin-block__error-count`);
    expect(await page.$eval(card, (el) => el.querySelector('.admin-block__body')?.hasAttribute('hidden'))).to.equal(
      false,
    );
    // Exactly one element carries the card's id (the no-JavaScript target gave it up).
    expect(await page.$$eval(`[id="block-card-${brokenId}"]`, (els) => els.length)).to.equal(1);
    await page.click(`[data-block-error-summary] a[href="#block-card-${brokenId}"]`);
    await page.waitForFunction((cardId) => document.activeElement?.id === cardId, {}, `block-card-${brokenId}`);
    expect(await axeViolations(page, { iframes: false })).to.deep.equal([]);
    tab.assertClean();
    await page.close();
  });

  it('adds a block from the picker grouped by kind, filtered by typing in its search box, all by keyboard', async () => {
    const id = await storyId();
    const tab = await openTab(suite.chromium.browser);
    const { page } = tab;
    await page.setBypassCSP(true);
    await signIn(page, suite.server.baseUrl);
    await page.goto(`${suite.server.baseUrl}/wagtail/pages/${id}/edit/`, { waitUntil: 'load' });
    await page.waitForSelector('[data-stream-field="body"] .admin-add-block');
    const videoCards = () =>
      page.$$eval('[data-stream-field="body"] li[data-block-type="video_feature"]', (els) => els.length);
    const before = await videoCards();
    await page.focus('[data-stream-field="body"] .admin-add-block');
    await page.keyboard.press('Enter');
    // The search box has focus; the types are grouped under their kind.
    await page.waitForFunction(() => document.activeElement?.closest('.admin-block-picker__search') !== null);
    expect(
      await page.$$eval('.admin-block-picker .admin-menu__header', (els) => els.map((el) => el.textContent)),
    ).to.deep.equal(['Text', 'Media', 'Promotions', 'Layout', 'Navigation']);
    expect(
      await page.$$eval('.admin-block-picker .admin-menu__header', (els) =>
        els.every((el) => el.querySelector('svg[aria-hidden="true"]')),
      ),
    ).to.equal(true);
    expect(await axeViolations(page, { iframes: false })).to.deep.equal([]);
    // Typing filters by name; an empty group disappears.
    await page.keyboard.type('video');
    await page.waitForFunction(() => document.querySelectorAll('.admin-block-picker .admin-menu__item').length === 1);
    expect(
      await page.$$eval('.admin-block-picker .admin-menu__header', (els) => els.map((el) => el.textContent)),
    ).to.deep.equal(['Media']);
    expect(await page.$eval('.admin-block-picker .admin-menu__item', (el) => el.textContent)).to.equal('Video feature');
    // Nothing matches: the picker says so.
    await page.keyboard.type('zzz');
    await page.waitForSelector('.admin-block-picker__empty');
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('Backspace');
    await page.waitForSelector('.admin-block-picker .admin-menu__item');
    // Arrow down to the match, Enter adds it at the top of the body.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-stream-field="body"] li[data-block-type="video_feature"]').length === n,
      {},
      before + 1,
    );
    expect(
      await page.$eval('[data-stream-field="body"] .admin-block', (el) => el.getAttribute('data-block-type')),
    ).to.equal('video_feature');
    tab.assertClean();
    await page.close();
  });

  it('collapses the sidebar by keyboard and keeps it collapsed on the next screen, rendered so by the server', async () => {
    const tab = await openTab(suite.chromium.browser);
    const { page } = tab;
    await signIn(page, suite.server.baseUrl);
    await page.waitForSelector('[data-sidebar-toggle]:not([hidden])');
    expect(await page.$eval('[data-sidebar-toggle]', (el) => el.getAttribute('aria-expanded'))).to.equal('true');
    await page.focus('[data-sidebar-toggle]');
    await page.keyboard.press('Enter');
    expect(await page.$eval('.admin-layout', (el) => el.classList.contains('admin-layout--collapsed'))).to.equal(true);
    expect(await page.$eval('[data-sidebar-toggle]', (el) => el.getAttribute('aria-expanded'))).to.equal('false');
    // The next screen's HTML already has it collapsed (nothing moves once the script runs).
    const cookies = (await page.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const html = await fetch(`${suite.server.baseUrl}/wagtail/pages/`, { headers: { cookie: cookies } }).then((res) =>
      res.text(),
    );
    expect(html).to.include('admin-layout admin-layout--collapsed');
    await page.goto(`${suite.server.baseUrl}/wagtail/pages/`, { waitUntil: 'load' });
    expect(await page.$eval('.admin-layout', (el) => el.classList.contains('admin-layout--collapsed'))).to.equal(true);
    // The labels stay for screen readers.
    expect(await page.$eval('nav[aria-label="Main"] a[aria-current="page"]', (el) => el.textContent)).to.include(
      'Pages',
    );
    await page.click('[data-sidebar-toggle]');
    expect(await page.$eval('.admin-layout', (el) => el.classList.contains('admin-layout--collapsed'))).to.equal(false);
    tab.assertClean();
    await page.close();
  });
});
