import { expect } from 'chai';
import type { Page } from 'puppeteer-core';
import { axeViolations } from '../helpers/axe';
import { chooseEditAction } from '../helpers/edit-screen';
import { TEST_ADMIN } from '../helpers/app';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';
import { signInToAdmin } from '../helpers/admin-sign-in';

type Block = { type: string; id: string; value: Record<string, unknown> };

// The browser is shared between the tests: each signs in afresh.
const signIn = (page: Page, baseUrl: string) => signInToAdmin(page, baseUrl, TEST_ADMIN, { freshCookies: true });

const EDITOR = '[data-widget="rich_text"] .admin-rich-text__content';

/** Focuses the editor and puts the caret at the end of its text (Ctrl+End, once the focus has settled). */
async function caretToEnd(page: Page) {
  await page.focus(EDITOR);
  await page.waitForFunction(
    (selector) => document.querySelector(selector)?.contains(document.getSelection()?.anchorNode ?? null),
    {},
    EDITOR,
  );
  await page.keyboard.down('Control');
  await page.keyboard.press('End');
  await page.keyboard.up('Control');
  // ProseMirror takes the DOM selection into its state on 'selectionchange' (a task of its own):
  // wait until the editor's own state has the caret at the end, or the next key may act on the
  // old caret. TipTap puts the editor on its element as `editor`.
  await page.waitForFunction(
    (selector) => {
      const selection = document.getSelection();
      const last = document.querySelector(selector)?.lastElementChild;
      const domAtEnd = Boolean(
        selection?.isCollapsed &&
        last?.contains(selection.anchorNode) &&
        selection.anchorOffset === (selection.anchorNode?.textContent ?? '').length,
      );
      const editor = (document.querySelector(selector) as (Element & { editor?: any }) | null)?.editor;
      const head = editor?.state.selection.$head;
      if (!domAtEnd || !head || !editor.state.selection.empty || head.parentOffset !== head.parent.content.size)
        return false;
      for (let depth = head.depth; depth >= 1; depth -= 1) if (head.after(depth) !== head.end(depth - 1)) return false;
      return true;
    },
    {},
    EDITOR,
  );
}

describe('rich text editor and page chooser in Chromium', () => {
  const suite = useBrowserSuite();

  it('formats with the toolbar and the keyboard, links a page through the chooser by keyboard, and stores what the server keeps', async () => {
    const db = suite.app.db;
    const story = await db
      .selectFrom('pages')
      .select(['id'])
      .where('slug', '=', 'about')
      .orderBy('path')
      .executeTakeFirstOrThrow();
    const terms = await db
      .selectFrom('pages')
      .select(['id'])
      .where('slug', '=', 'terms-of-use')
      .orderBy('path')
      .executeTakeFirstOrThrow();
    const tab = await openTab(suite.chromium.browser);
    const { page } = tab;
    // axe is injected without a nonce.
    await page.setBypassCSP(true);
    await signIn(page, suite.server.baseUrl);
    await page.goto(`${suite.server.baseUrl}/wagtail/pages/${story.id}/edit/`, { waitUntil: 'load' });

    // The editor chunk loads on demand and replaces the textarea; the label names the editable area.
    await page.waitForSelector(EDITOR);
    const labelled = await page.$eval(EDITOR, (el) => ({
      role: el.getAttribute('role'),
      name: document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.textContent,
      editable: el.getAttribute('contenteditable'),
    }));
    expect(labelled).to.deep.equal({ role: 'textbox', name: 'Text *', editable: 'true' });
    expect(await page.$eval(EDITOR, (el) => el.textContent)).to.include('twelve-seat fish shack');

    // A new paragraph at the end: bold by keyboard shortcut while typing.
    await caretToEnd(page);
    await page.keyboard.press('Enter');
    await page.keyboard.type('Order the ');
    await page.keyboard.down('Control');
    await page.keyboard.press('b');
    await page.keyboard.up('Control');
    await page.keyboard.type('lobster');
    await page.keyboard.down('Control');
    await page.keyboard.press('b');
    await page.keyboard.up('Control');
    await page.keyboard.type(' or see ');

    // An internal link by keyboard only: Ctrl+K, Tab to 'Link to a page', search, Tab to the result, Enter.
    await page.keyboard.down('Control');
    await page.keyboard.press('k');
    await page.keyboard.up('Control');
    await page.waitForSelector('.admin-link-dialog');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).to.equal('Link to a page');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.admin-chooser input[type="search"]');
    // The chooser opens on the site roots, with the search field focused.
    await page.waitForFunction(() => document.querySelector('.admin-chooser__status')?.textContent?.match(/\d+ page/));
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).to.equal('search');
    expect(await page.$$eval('.admin-chooser__title', (els) => els.map((el) => el.textContent))).to.include(
      'Choose Harborline Seafood',
    );
    expect(await axeViolations(page)).to.deep.equal([]);

    await page.keyboard.type('Terms of');
    await page.waitForFunction(() =>
      document.querySelector('.admin-chooser__list-title')?.textContent?.includes('Terms of'),
    );
    // The US and Canadian sites each have a Terms of Use page; this site's comes first.
    await page.waitForFunction(() => document.querySelector('.admin-chooser__status')?.textContent === '2 pages');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).to.equal('Choose Terms of Use');
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => !document.querySelector('.admin-link-dialog') && !document.querySelector('.admin-chooser'),
    );
    // Focus is back in the text, after the link: typing continues the paragraph.
    await page.waitForFunction((selector) => document.activeElement === document.querySelector(selector), {}, EDITOR);
    await page.keyboard.type('.');

    // Another paragraph: select its last word and make it bold with the toolbar.
    await page.keyboard.press('Enter');
    await page.keyboard.type('Try the chowder');
    await page.keyboard.down('Shift');
    for (let i = 0; i < 'chowder'.length; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.up('Shift');
    await page.click('[data-widget="rich_text"] [data-format="bold"]');
    expect(
      await page.$eval('[data-widget="rich_text"] [data-format="bold"]', (el) => el.getAttribute('aria-pressed')),
    ).to.equal('true');

    // The tools are icons, named for assistive technology, with their shortcut in the tooltip.
    const tools = await page.$eval('[data-widget="rich_text"] .admin-rich-text__toolbar', (bar) =>
      [...bar.querySelectorAll('.admin-rich-text__tool')].map((el) => ({
        name: el.textContent,
        keys: el.getAttribute('aria-keyshortcuts'),
        tip: el.querySelector('[title]')?.getAttribute('title'),
        icon: Boolean(el.querySelector('svg[aria-hidden="true"] use')),
      })),
    );
    expect(tools.map((tool) => tool.name)).to.deep.equal([
      'Bold',
      'Italic',
      'Heading 2',
      'Heading 3',
      'Heading 4',
      'Bulleted list',
      'Numbered list',
      'Quote',
      'Link',
    ]);
    const described = tools.filter(
      (tool) => tool.icon && tool.keys && tool.tip?.includes(tool.keys.replace('Control', 'Ctrl')),
    );
    expect(described).to.have.length(tools.length);
    const posted = JSON.parse(await page.$eval('#id_content_json', (el) => (el as HTMLTextAreaElement).value)) as {
      body: Block[];
    };
    const postedHtml = posted.body.find((block) => block.type === 'rich_text')!.value.html as string;
    const link = `<a href="/terms-of-use/" data-page-id="${terms.id}">Terms of Use</a>`;
    expect(postedHtml).to.equal(
      '<p>Harborline began in 1974 as a twelve-seat fish shack on the harbour wall. Today our restaurants still buy from the same families of fishermen.</p>' +
        `<p>Order the <strong>lobster</strong> or see ${link}.</p><p>Try the <strong>chowder</strong></p>`,
    );

    // Save draft: the server's sanitiser keeps exactly what the editor produced.
    await Promise.all([
      page.waitForNavigation({ waitUntil: 'load' }),
      page.click('.admin-actions button[type="submit"]:not([name]):not([formaction])'),
    ]);
    expect(await page.$eval('.admin-message[role="status"]', (el) => el.textContent)).to.include('has been updated');
    const revision = await db
      .selectFrom('page_revisions')
      .select('content')
      .where('page_id', '=', story.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const stored = (revision.content as unknown as { content: { body: Block[] } }).content.body.find(
      (block) => block.type === 'rich_text',
    )!.value.html;
    expect(stored).to.equal(postedHtml);

    // The editor reopens the stored HTML unchanged (no drift between editor and sanitiser).
    await page.waitForSelector(EDITOR);
    const reopened = JSON.parse(await page.$eval('#id_content_json', (el) => (el as HTMLTextAreaElement).value)) as {
      body: Block[];
    };
    expect(reopened.body.find((block) => block.type === 'rich_text')!.value.html).to.equal(stored);
    await caretToEnd(page);
    await page.keyboard.type('!');
    await page.keyboard.press('Backspace');
    const retyped = JSON.parse(await page.$eval('#id_content_json', (el) => (el as HTMLTextAreaElement).value)) as {
      body: Block[];
    };
    expect(retyped.body.find((block) => block.type === 'rich_text')!.value.html).to.equal(stored);

    // The draft's preview renders it as the public site will; the public site waits for publishing.
    const expected = `<p>Order the <strong>lobster</strong> or see ${link}.</p><p>Try the <strong>chowder</strong></p>`;
    const draft = await page.evaluate(
      (url) => fetch(url).then((res) => res.text()),
      `/wagtail/pages/${story.id}/view_draft/`,
    );
    expect(draft).to.include(expected);
    const publicHtml = () => fetch(`${suite.server.baseUrl}/about/`).then((res) => res.text());
    expect(await publicHtml()).to.not.include('chowder');
    await chooseEditAction(page, 'Publish');
    const live = await publicHtml();
    expect(live).to.include(expected);
    tab.assertClean();
    await page.close();
  });

  it('chooses a page for a page-chooser block field by keyboard, browsing the tree from the site roots', async () => {
    const tab = await openTab(suite.chromium.browser);
    const { page } = tab;
    await page.setBypassCSP(true);
    const db = suite.app.db;
    const home = await db
      .selectFrom('pages')
      .select(['id'])
      .where('page_type', '=', 'HomePage')
      .orderBy('path')
      .executeTakeFirstOrThrow();
    const story = await db
      .selectFrom('pages')
      .select(['id'])
      .where('slug', '=', 'about')
      .orderBy('path')
      .executeTakeFirstOrThrow();
    await signIn(page, suite.server.baseUrl);
    await page.goto(`${suite.server.baseUrl}/wagtail/pages/${home.id}/edit/`, { waitUntil: 'load' });

    // Add a tiered navigation block at the end of the body with the block menu.
    await page.waitForSelector('[data-stream-field="body"]');
    // Focus and Enter rather than a click at coordinates: the rich text editors still mounting
    // above can move the button between where a click is aimed and where it lands.
    const addButtons = await page.$$('[data-stream-field="body"] .admin-add-block');
    await addButtons.at(-1)!.focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('.admin-menu__item');
    const items = await page.$$('.admin-menu__item');
    for (const item of items) {
      if ((await item.evaluate((el) => el.textContent)) === 'Tiered navigation') await item.click();
    }
    const field = '[data-stream-field="body"] li[data-block-type="tiered_nav"] [data-field="root_page"]';
    await page.waitForSelector(field);
    expect(await page.$eval(`${field} .admin-chooser-field__chosen`, (el) => el.textContent)).to.equal(
      'No page chosen',
    );

    // Browse: Harborline Seafood's children, then choose Our Story, all by keyboard.
    await page.focus(`${field} button`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('.admin-chooser__status')?.textContent?.match(/\d+ page/));
    const browse = await page.$$('.admin-chooser__browse');
    await browse[0]!.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => document.querySelector('.admin-chooser__list-title')?.textContent === 'Pages in Harborline Seafood',
    );
    expect(await page.evaluate(() => document.activeElement?.className)).to.include('admin-chooser__list-title');
    expect(await axeViolations(page)).to.deep.equal([]);
    const choose = await page.$$('.admin-chooser__title');
    for (const button of choose) {
      if ((await button.evaluate((el) => el.textContent)) === 'Choose Our Story') {
        await button.focus();
        await page.keyboard.press('Enter');
        break;
      }
    }
    await page.waitForFunction(() => !document.querySelector('.admin-chooser'));
    expect(await page.$eval(`${field} .admin-chooser-field__chosen`, (el) => el.textContent)).to.equal(
      'Our Story (/about/)',
    );
    // Focus returns to the trigger, which now offers a change (in the frame after the dialog unmounts).
    await page
      .waitForFunction(() => document.activeElement?.textContent === 'Change page for Root page', { timeout: 2000 })
      .catch(() => undefined);
    expect(await page.evaluate(() => document.activeElement?.textContent)).to.equal('Change page for Root page');
    // A required field offers no Clear.
    expect(await page.$$eval(`${field} button`, (els) => els.map((el) => el.textContent))).to.deep.equal([
      'Change page for Root page',
    ]);

    const posted = JSON.parse(await page.$eval('#id_content_json', (el) => (el as HTMLTextAreaElement).value)) as {
      body: Block[];
    };
    const nav = posted.body.find((block) => block.type === 'tiered_nav')!;
    expect(nav.value.root_page).to.deep.equal({ id: story.id, url: '/about/', title: 'Our Story' });
    tab.assertClean();
    await page.close();
  });
});
