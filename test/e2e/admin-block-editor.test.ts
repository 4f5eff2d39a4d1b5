import { expect } from 'chai';
import { axeViolations } from '../helpers/axe';
import { heading, newExamplePage, openBlockEditor, postedOrder, richText } from '../helpers/block-editor';
import { useBrowserSuite } from '../helpers/browser-suite';
import { blockSchemas } from '../../views/blocks/schemas';

/* Typing latency on a page of 60 blocks is timed on its own: admin-block-editor-latency.test.ts. */
describe('block editor in Chromium: accessibility checks in the preview, drag to reorder, icons', () => {
  const suite = useBrowserSuite();
  const newPage = (title: string, body: Parameters<typeof newExamplePage>[2]) => newExamplePage(suite, title, body);
  const openEditor = (id: number, options: { bypassCsp?: boolean } = {}) => openBlockEditor(suite, id, options);

  it("lists the preview's accessibility problems with links that focus the block causing each, and drops them once fixed", async () => {
    const skipped = heading('Oysters', 'h4');
    const emptyLink = richText('<p>Read <a href="/menu/"></a> before you come.</p>');
    const id = await newPage('Checks page', [
      heading('Our menu', 'h2'),
      skipped,
      emptyLink,
      richText('<p>Fresh every morning.</p>'),
    ]);

    // Public pages never carry the preview's block markers; the preview does.
    const publicHtml = await (await fetch(`${suite.server.baseUrl}/checks-page/`)).text();
    expect(publicHtml).to.include('Oysters');
    expect(publicHtml).to.not.include('data-preview-block');

    const tab = await openEditor(id, { bypassCsp: true });
    const { page } = tab;
    await page.click('[data-live-preview-toggle]');
    await page.waitForSelector('[data-preview-checks="done"]', { timeout: 30_000 });
    const frameHtml = await page.$eval(
      '.admin-live-preview__frame[data-shown="true"]',
      (el) => (el as HTMLIFrameElement).contentDocument?.body.innerHTML ?? '',
    );
    expect(frameHtml).to.include(`data-preview-block="${skipped.id}"`);

    const rules = await page.$$eval('.admin-preview-checks__problem', (els) =>
      els.map((el) => el.getAttribute('data-rule')),
    );
    expect(rules).to.include.members(['heading-order', 'link-name']);
    expect(
      await page.$eval('[data-rule="heading-order"] a[data-go-to-block]', (el) => [
        el.getAttribute('data-go-to-block'),
        el.textContent,
      ]),
    ).to.deep.equal([skipped.id, 'Go to block 2 (Heading)']);
    expect(
      await page.$eval('[data-rule="link-name"] a[data-go-to-block]', (el) => el.getAttribute('data-go-to-block')),
    ).to.equal(emptyLink.id);

    // The link moves focus to the card (collapsed cards too).
    await page.click('[data-collapse-all]');
    await page.click('[data-rule="heading-order"] a[data-go-to-block]');
    await page.waitForFunction((cardId) => document.activeElement?.id === cardId, {}, `block-card-${skipped.id}`);
    await page.click('[data-rule="link-name"] a[data-go-to-block]');
    await page.waitForFunction((cardId) => document.activeElement?.id === cardId, {}, `block-card-${emptyLink.id}`);

    // The edit screen itself, the list on show, has no violations at either width.
    expect(await axeViolations(page, { iframes: false })).to.deep.equal([]);
    await page.setViewport({ width: 390, height: 844 });
    expect(await axeViolations(page, { iframes: false })).to.deep.equal([]);
    await page.setViewport({ width: 1280, height: 900 });

    // Fixing the level in the form (unsaved) clears that problem at the next refresh; the empty link stays.
    await page.click('[data-expand-all]');
    await page.select(`#block-card-${skipped.id} select`, 'h3');
    await page.waitForFunction(
      () => {
        const list = document.querySelector('[data-preview-checks="done"]');
        return (
          list !== null &&
          !list.querySelector('[data-rule="heading-order"]') &&
          list.querySelector('[data-rule="link-name"]') !== null
        );
      },
      { timeout: 30_000 },
    );

    await page.click('[data-live-preview-toggle]');
    tab.assertClean();
    page.on('dialog', (dialog) => void dialog.accept());
    await page.close({ runBeforeUnload: false });
  });

  it('reorders block cards by dragging a grip with the pointer; a drop where the card started changes nothing', async () => {
    const blocks = [
      heading('First', 'h2'),
      richText('<p>Second</p>'),
      heading('Third', 'h2'),
      richText('<p>Fourth</p>'),
    ];
    const id = await newPage('Drag page', blocks);
    const tab = await openEditor(id);
    const { page } = tab;
    await page.click('[data-collapse-all]');
    // The cards in the middle of the window, clear of the edges where a drag scrolls it.
    await page.$eval('[data-stream-field="body"]', (el) => el.scrollIntoView({ block: 'center' }));
    const ids = blocks.map((b) => b.id);
    expect(await postedOrder(page)).to.deep.equal(ids);
    // The grip is for the pointer only: hidden from assistive technology, the move buttons being the keyboard way.
    expect(
      await page.$$eval('[data-drag-handle]', (els) =>
        els.every((el) => el.getAttribute('aria-hidden') === 'true' && (el as HTMLElement).tabIndex < 0),
      ),
    ).to.equal(true);

    const centre = async (selector: string) => {
      const box = (await (await page.$(selector))!.boundingBox())!;
      return { x: box.x + box.width / 2, y: box.y + box.height / 2, top: box.y, bottom: box.y + box.height };
    };
    const dragTo = async (from: string, y: number) => {
      const grip = await centre(`${from} [data-drag-handle]`);
      await page.mouse.move(grip.x, grip.y);
      await page.mouse.down();
      await page.mouse.move(grip.x, y, { steps: 8 });
      await page.mouse.up();
    };

    // Dropped just above the fourth card's middle: the first block lands third.
    const fourth = await centre(`#block-card-${ids[3]}`);
    await dragTo(`#block-card-${ids[0]}`, fourth.y - 4);
    await page.waitForFunction(
      (first) => document.querySelector('[data-stream-field="body"] .admin-block')?.id !== first,
      {},
      `block-card-${ids[0]}`,
    );
    expect(await postedOrder(page)).to.deep.equal([ids[1], ids[2], ids[0], ids[3]]);
    expect(
      await page.$$eval('[data-stream-field="body"] .admin-block', (els) =>
        els.map((el) => el.getAttribute('data-block-label')),
      ),
    ).to.deep.equal(['1 (Rich text)', '2 (Heading)', '3 (Heading)', '4 (Rich text)']);

    // Dragged past the end: last.
    const last = await centre(`#block-card-${ids[3]}`);
    await dragTo(`#block-card-${ids[1]}`, last.bottom + 20);
    await page.waitForFunction(
      (lastId) => document.querySelector('[data-stream-field="body"] .admin-block:last-child')?.id === lastId,
      {},
      `block-card-${ids[1]}`,
    );
    expect(await postedOrder(page)).to.deep.equal([ids[2], ids[0], ids[3], ids[1]]);

    // Let go over its own place: nothing moves, and no drop marker is left behind.
    const own = await centre(`#block-card-${ids[0]}`);
    await dragTo(`#block-card-${ids[0]}`, own.y + 2);
    expect(await postedOrder(page)).to.deep.equal([ids[2], ids[0], ids[3], ids[1]]);
    expect(
      await page.$$eval(
        '.admin-block--drop-before, .admin-block--drop-after, .admin-block--dragging',
        (els) => els.length,
      ),
    ).to.equal(0);

    // The keyboard alternative still works: Move up on the last card.
    await page.click(`#block-card-${ids[1]} .admin-block__tools button:first-child`);
    expect(await postedOrder(page)).to.deep.equal([ids[2], ids[0], ids[1], ids[3]]);

    // Saved in the dragged order.
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('[data-save-draft]')]);
    expect(await postedOrder(page)).to.deep.equal([ids[2], ids[0], ids[1], ids[3]]);
    tab.assertClean();
    await page.close();
  });

  it('shows a decorative icon per block type in the picker and on each card', async () => {
    const id = await newPage('Icons page', [heading('Icons', 'h2'), richText('<p>Text</p>')]);
    const tab = await openEditor(id, { bypassCsp: true });
    const { page } = tab;
    const cardIcons = await page.$$eval('[data-stream-field="body"] .admin-block__toggle svg', (els) =>
      els.map((el) => ({ hidden: el.getAttribute('aria-hidden'), d: el.querySelector('use')?.getAttribute('href') })),
    );
    expect(cardIcons).to.have.length(2);
    expect(cardIcons.every((icon) => icon.hidden === 'true')).to.equal(true);
    expect(cardIcons[0]!.d).to.not.equal(cardIcons[1]!.d);
    // The toggle's accessible name is still the block's number and label.
    expect(await page.$eval('[data-stream-field="body"] .admin-block__toggle', (el) => el.textContent)).to.equal(
      '1. Heading',
    );

    await page.click('[data-stream-field="body"] .admin-add-block');
    await page.waitForSelector('.admin-block-picker .admin-menu__item');
    const items = await page.$$eval('.admin-block-picker .admin-menu__item', (els) =>
      els.map((el) => ({
        text: el.textContent,
        icon: el.querySelector('svg[aria-hidden="true"] use')?.getAttribute('href') ?? null,
      })),
    );
    expect(items.length).to.equal(blockSchemas.size);
    expect(items.every((item) => item.icon !== null)).to.equal(true);
    // Each type its own drawing, from the sprite.
    expect(items[0]!.icon).to.match(/^\/static\/assets\/admin-icons-\w+\.svg#i-/);
    expect(new Set(items.map((item) => item.icon)).size).to.equal(items.length);
    expect(await axeViolations(page, { iframes: false })).to.deep.equal([]);
    await page.keyboard.press('Escape');
    tab.assertClean();
    await page.close();
  });

  it("offers a block's actions compactly on a phone: icon buttons to move, a menu to duplicate and remove, all by keyboard", async () => {
    const blocks = [heading('Keep me', 'h2'), richText('<p>Copy and remove me</p>')];
    const id = await newPage('Compact tools page', blocks);
    const tab = await openEditor(id, { bypassCsp: true });
    const { page } = tab;
    await page.setViewport({ width: 390, height: 844 });
    const second = `#block-card-${blocks[1]!.id}`;
    // Each control is one 44 px target, named for its block; the header keeps to one row.
    const tools = await page.$$eval(`${second} .admin-block__tools > button`, (els) =>
      els.map((el) => ({ name: el.getAttribute('aria-label'), ...el.getBoundingClientRect().toJSON() })),
    );
    expect(tools.map((tool) => tool.name)).to.deep.equal([
      'Move up block 2 (Rich text)',
      'Move down block 2 (Rich text)',
      'More actions for block 2 (Rich text)',
    ]);
    expect(tools.every((tool) => tool.width >= 44 && tool.height >= 44 && tool.top === tools[0]!.top)).to.equal(true);

    await page.focus(`${second} [aria-label^="More actions"]`);
    await page.keyboard.press('Enter');
    await page.waitForSelector('[role="menu"] [role="menuitem"]');
    expect(
      await page.$$eval('[role="menu"] [role="menuitem"]', (els) => els.map((el) => el.textContent)),
    ).to.deep.equal(['Duplicate', 'Remove…']);
    expect(await axeViolations(page, { iframes: false })).to.deep.equal([]);
    await page.keyboard.press('Enter'); // the first item: Duplicate
    await page.waitForFunction(() => document.querySelectorAll('[data-stream-field="body"] .admin-block').length === 3);
    expect((await postedOrder(page)).slice(0, 2)).to.deep.equal(blocks.map((b) => b.id));

    // Remove asks first; Escape in the dialog keeps the block, the confirmation removes it.
    await page.focus(`${second} [aria-label^="More actions"]`);
    await page.keyboard.press('Enter');
    await page.waitForSelector('[role="menu"] [role="menuitem"]');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[role="alertdialog"]');
    expect(await page.$eval('[role="alertdialog"] h2', (el) => el.textContent)).to.equal('Remove block 2 (Rich text)?');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[role="alertdialog"]'));
    expect(await postedOrder(page)).to.have.length(3);
    await page.focus(`${second} [aria-label^="More actions"]`);
    await page.keyboard.press('Enter');
    await page.waitForSelector('[role="menu"] [role="menuitem"]');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[role="alertdialog"]');
    await page.$$eval('[role="alertdialog"] button', (els) =>
      (els.find((el) => el.textContent === 'Remove') as HTMLElement).click(),
    );
    await page.waitForFunction(() => document.querySelectorAll('[data-stream-field="body"] .admin-block').length === 2);
    const left = await postedOrder(page);
    expect(left[0]).to.equal(blocks[0]!.id);
    expect(left).to.not.include(blocks[1]!.id);
    tab.assertClean();
    await page.close();
  });
});
