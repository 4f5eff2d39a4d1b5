import { expect } from 'chai';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';

type Tab = Awaited<ReturnType<typeof openTab>>;

/** The gallery's iframes point at the allowed embed host; tests never leave this machine. */
const assertCleanExceptEmbeds = (tab: Tab) => {
  const unexpected = tab.problems.filter((problem) => !problem.startsWith('outbound request blocked: https://www.youtube-nocookie.com/'));
  expect(unexpected, unexpected.join('\n')).to.deep.equal([]);
};

describe('content blocks part 1 in Chromium', () => {
  const suite = useBrowserSuite();

  const openGallery = async (viewport?: { width: number; height: number }) => {
    const tab = await openTab(suite.chromium.browser, viewport);
    await tab.page.goto(`${suite.server.baseUrl}/block-gallery/`, { waitUntil: 'load' });
    await tab.page.waitForFunction(() => document.documentElement.classList.contains('js-enabled'), { timeout: 5000 });
    return tab;
  };

  it('opens the accordion feature by keyboard to show its hidden content', async () => {
    const tab = await openGallery();
    const hidden = '[data-block-type="accordion_feature"] .disclosure__content';
    expect(await tab.page.$eval(hidden, (el) => el.checkVisibility())).to.equal(false);
    await tab.page.focus('[data-block-type="accordion_feature"] summary');
    await tab.page.keyboard.press('Enter');
    expect(await tab.page.$eval(hidden, (el) => el.checkVisibility())).to.equal(true);
    expect(await tab.page.$eval(hidden, (el) => el.textContent)).to.include('science-based quotas');
    assertCleanExceptEmbeds(tab);
    await tab.page.close();
  });

  it('keeps several FAQ answers open at once in two columns', async () => {
    const tab = await openGallery();
    const summaries = await tab.page.$$('[data-block-type="faqs"] summary');
    expect(summaries.length).to.equal(4);
    await summaries[0]!.click();
    await summaries[2]!.click();
    const open = await tab.page.$$eval('[data-block-type="faqs"] details', (items) => items.map((d) => (d as HTMLDetailsElement).open));
    expect(open).to.deep.equal([true, false, true, false]);
    const columns = await tab.page.$eval('[data-block-type="faqs"] .block-faqs__list', (el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).to.equal(2);
    assertCleanExceptEmbeds(tab);
    await tab.page.close();
  });

  it('opens the print dialog from the coupon, then thanks the visitor', async () => {
    const tab = await openGallery();
    await tab.page.evaluate(() => {
      (window as unknown as { printCalls: number }).printCalls = 0;
      window.print = () => {
        (window as unknown as { printCalls: number }).printCalls += 1;
      };
    });
    expect(await tab.page.$eval('[data-block-type="coupon"] .block-coupon__expiry', (el) => el.textContent)).to.equal('Expires 12.31.27');
    await tab.page.click('[data-block-type="coupon"] .block-coupon__print');
    await tab.page.waitForSelector('[data-block-type="coupon"] [role="status"]');
    expect(await tab.page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).to.equal(1);
    const text = await tab.page.$eval('[data-block-type="coupon"] [role="status"]', (el) => el.textContent);
    expect(text).to.include("You're All Set. Enjoy Your Coupon!");
    expect(text).to.include('We look forward to seeing you soon.');
    assertCleanExceptEmbeds(tab);
    await tab.page.close();
  });

  for (const [width, expected] of [
    [1280, 'harborline-desktop'],
    [390, 'harborline-mobile'],
  ] as const) {
    it(`shows the iframe's ${expected === 'harborline-mobile' ? 'mobile' : 'desktop'} URL at ${width}px`, async () => {
      const tab = await openGallery({ width, height: 900 });
      const visible = await tab.page.$$eval('[data-block-type="iframe"] iframe', (frames) =>
        frames.filter((frame) => (frame as HTMLElement).offsetParent !== null).map((frame) => ({ src: frame.getAttribute('src'), height: frame.getAttribute('height') })),
      );
      expect(visible).to.have.length(1);
      expect(visible[0]!.src).to.include(expected);
      expect(visible[0]!.height).to.equal(width === 390 ? '260' : '480');
      assertCleanExceptEmbeds(tab);
      await tab.page.close();
    });
  }
});
