import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Page } from 'puppeteer-core';
import { axeViolations } from '../helpers/axe';
import { TEST_ADMIN } from '../helpers/app';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';
import { createPage } from '../../server/modules/pages/service';
import { signInToAdmin } from '../helpers/admin-sign-in';

// The browser is shared between the tests: each signs in afresh.
const signIn = (page: Page, baseUrl: string) => signInToAdmin(page, baseUrl, TEST_ADMIN, { freshCookies: true });

const status = (page: Page) => page.$eval('[data-comments-status]', (el) => el.textContent);

describe('comments on fields and blocks in Chromium', () => {
  const suite = useBrowserSuite();

  it('adds, replies to and resolves a comment on a block without leaving the edit screen or losing its unsaved edits', async () => {
    const home = (
      await suite.app.db
        .selectFrom('sites')
        .select('root_page_id')
        .where('is_default_site', '=', true)
        .executeTakeFirstOrThrow()
    ).root_page_id;
    const blockId = randomUUID();
    const { id } = await createPage(suite.app.db, {
      parentId: home,
      pageType: 'ExamplePage',
      title: 'Commented in the browser',
      content: {
        body: [
          { type: 'heading', id: blockId, value: { text: 'Oysters', level: 'h2', rope: false, alignment: 'left' } },
        ],
        confirmation_content: [],
      },
      publish: true,
    });
    const tab = await openTab(suite.chromium.browser);
    const { page } = tab;
    await page.setBypassCSP(true);
    await signIn(page, suite.server.baseUrl);
    await page.goto(`${suite.server.baseUrl}/wagtail/pages/${id}/edit/`, { waitUntil: 'load' });
    await page.waitForSelector('[data-stream-field="body"] .admin-block');
    expect(await status(page)).to.equal('No comments yet.');

    // An unsaved edit of the title, which commenting must not lose.
    await page.click('#id_title', { count: 3 });
    await page.type('#id_title', 'Typed, not saved');

    // Nothing written: refused in place, focus on the field that needs it.
    await page.click('[data-comments-panel] .admin-comments__new button[type="submit"]');
    await page.waitForFunction(() => document.activeElement?.id === 'id_text');
    expect(await page.$eval('#id_text-error', (el) => el.textContent)).to.equal('Write a comment.');

    await page.select('#id_content_path', `body.${blockId}`);
    await page.type('#id_text', 'Say where the oysters come from.');
    await page.click('[data-comments-panel] .admin-comments__new button[type="submit"]');
    await page.waitForFunction(
      () => document.querySelector('[data-comments-status]')?.textContent === 'Comment added.',
    );
    expect(await page.$eval('#id_title', (el) => (el as HTMLInputElement).value)).to.equal('Typed, not saved');
    expect(await page.$eval('.admin-comment .admin-comment__text', (el) => el.textContent)).to.equal(
      'Say where the oysters come from.',
    );
    // The comment says where it is, with a link that moves focus to the block's card.
    await page.click(`.admin-comment a[href="#block-card-${blockId}"]`);
    await page.waitForFunction((cardId) => document.activeElement?.id === cardId, {}, `block-card-${blockId}`);

    const commentId = await page.$eval('.admin-comment', (el) => el.getAttribute('data-comment-id'));
    await page.type(`#comment-${commentId}-reply`, 'From Prince Edward Island.');
    await page.click(`.admin-comment__reply-form button[type="submit"]`);
    await page.waitForFunction(() => document.querySelector('[data-comments-status]')?.textContent === 'Reply added.');
    expect(
      await page.$$eval('.admin-comment__reply .admin-comment__text', (els) => els.map((el) => el.textContent)),
    ).to.deep.equal(['From Prince Edward Island.']);

    // The panel with a comment and a reply, at both widths, has no axe violations.
    expect(await axeViolations(page, { iframes: false })).to.deep.equal([]);
    await page.setViewport({ width: 390, height: 844 });
    expect(await axeViolations(page, { iframes: false })).to.deep.equal([]);
    await page.setViewport({ width: 1280, height: 900 });

    // In the side panel: the toggle moves the comments beside the form, with the live preview open too.
    expect(
      await page.$eval('[data-comments-toggle]', (el) => [el.textContent, el.getAttribute('aria-expanded')]),
    ).to.deep.equal(['Comments (1 open)', 'false']);
    await page.click('[data-comments-toggle]');
    await page.waitForFunction(() => document.activeElement?.id === 'comments');
    expect(
      await page.$eval('[data-comments-toggle]', (el) => [el.textContent, el.getAttribute('aria-expanded')]),
    ).to.deep.equal(['Hide comments (1 open)', 'true']);
    expect(await page.$eval('#comments', (el) => el.parentElement?.className)).to.equal('admin-edit__comments');
    const [form, side] = await page.$$eval('.admin-edit__main, .admin-edit__comments', (els) =>
      els.map((el) => el.getBoundingClientRect().left),
    );
    expect(side).to.be.greaterThan(form! + 300);
    await page.click('[data-live-preview-toggle]');
    await page.waitForSelector('[data-live-preview-status="updated"]');
    expect(await axeViolations(page, { iframes: false })).to.deep.equal([]);
    await page.setViewport({ width: 390, height: 844 });
    expect(await axeViolations(page, { iframes: false })).to.deep.equal([]);
    await page.setViewport({ width: 1280, height: 900 });
    await page.click('[data-live-preview-toggle]');

    const resolve = await page.$$('.admin-comment__actions form button[type="submit"]');
    await resolve.at(-1)!.click();
    await page.waitForFunction(
      () => document.querySelector('[data-comments-status]')?.textContent === 'Comment resolved.',
    );
    expect(await page.$eval('.admin-comment__resolved', (el) => el.textContent)).to.match(/^Resolved by /);
    expect(await page.$$('.admin-comment__reply-form')).to.have.length(0);
    expect(await page.$eval('#id_title', (el) => (el as HTMLInputElement).value)).to.equal('Typed, not saved');

    // Stored, and the page itself still unsaved.
    const stored = await suite.app.db
      .selectFrom('page_comments')
      .select(['content_path', 'resolved_at'])
      .where('page_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.content_path).to.equal(`body.${blockId}`);
    expect(stored.resolved_at).to.not.equal(null);
    expect(
      (await suite.app.db.selectFrom('pages').select('title').where('id', '=', id).executeTakeFirstOrThrow()).title,
    ).to.equal('Commented in the browser');
    expect(await page.$eval('[data-comments-toggle]', (el) => el.textContent)).to.equal('Hide comments');
    // Back under the form for the next visit.
    await page.click('[data-comments-toggle]');
    expect(await page.$eval('#comments', (el) => el.parentElement?.className)).to.equal('admin-edit__main');
    // The one refused post (the empty comment) is the only request that failed.
    expect(tab.problems).to.deep.equal([`sub-resource 400: ${suite.server.baseUrl}/wagtail/pages/${id}/comments/`]);
    page.on('dialog', (dialog) => void dialog.accept());
    await page.close({ runBeforeUnload: false });
  });
});
