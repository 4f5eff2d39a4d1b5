import { expect } from 'chai';
import { createTestApp, listen, type TestApp } from '../helpers/app';
import { launchBrowser, openTab, type TestBrowser } from '../helpers/browser';
import { publishBlocksPage } from '../factories/blocks-part2-page';

describe('blocks (second half) in Chromium', () => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof listen>>;
  let chromium: TestBrowser;
  let scrollPage: string;
  before(async function () {
    this.timeout(120_000); // seeding with demo images is slow on a busy machine
    t = await createTestApp();
    server = await listen(t.app);
    chromium = await launchBrowser();
    const tall = { type: 'table', value: { caption: 'Filler', rows: Array.from({ length: 40 }, (_, i) => [`Row ${i}`, 'x']) } };
    scrollPage = await publishBlocksPage(t.db, 'scroll-nav-test', [
      { type: 'scroll_nav_menu_item', value: { name: 'Starters', slug: 'starters' } },
      tall,
      { type: 'scroll_nav_menu_item', value: { name: 'Mains', slug: 'mains' } },
      tall,
      { type: 'scroll_nav_menu_item', value: { name: 'Desserts', slug: 'desserts' } },
      tall,
    ]);
  });
  after(async () => {
    await chromium?.close();
    await server?.close();
    await t?.close();
  });

  const hydrated = async (page: import('puppeteer-core').Page, url: string) => {
    await page.goto(url, { waitUntil: 'networkidle0' });
    await page.waitForFunction(() => document.documentElement.classList.contains('js-enabled'), { timeout: 5000 });
  };

  it('shows every block of the second half on the gallery page', async () => {
    const tab = await openTab(chromium.browser);
    await hydrated(tab.page, `${server.baseUrl}/block-gallery/`);
    const types = await tab.page.$$eval('[data-block-type]', (els) => els.map((el) => el.getAttribute('data-block-type')));
    for (const type of ['link_row', 'media_grid', 'scroll_nav_menu_item', 'sitemap', 'social_grid', 'tabbed_features', 'table', 'tiered_nav', 'timeline', 'two_column_feature', 'two_column_hero', 'unsubscribe', 'video_feature', 'alert']) {
      expect(types).to.include(type);
    }
    tab.assertClean();
    await tab.page.close();
  });

  it('switches tabbed features with the keyboard, vertically below 840px', async () => {
    const tab = await openTab(chromium.browser);
    await hydrated(tab.page, `${server.baseUrl}/block-gallery/`);
    await tab.page.focus('[data-block-type="tabbed_features"] [role="tab"][aria-selected="true"]');
    await tab.page.keyboard.press('ArrowRight');
    expect(await tab.page.$eval('[data-block-type="tabbed_features"] [role="tab"][aria-selected="true"]', (el) => el.textContent)).to.equal('Dinner');
    expect(await tab.page.$eval('[data-block-type="tabbed_features"] [role="tabpanel"]:not([hidden])', (el) => el.textContent)).to.include('Dinner Favourites');
    await tab.page.setViewport({ width: 390, height: 844 });
    await tab.page.waitForSelector('[data-block-type="tabbed_features"] [role="tablist"][aria-orientation="vertical"]');
    await tab.page.focus('[data-block-type="tabbed_features"] [role="tab"][aria-selected="true"]');
    await tab.page.keyboard.press('ArrowDown');
    expect(await tab.page.$eval('[data-block-type="tabbed_features"] [role="tab"][aria-selected="true"]', (el) => el.textContent)).to.equal('Kids');
    tab.assertClean();
    await tab.page.close();
  });

  it('moves the scroll-nav active item and the URL hash with the scroll position', async () => {
    const tab = await openTab(chromium.browser);
    await hydrated(tab.page, `${server.baseUrl}${scrollPage}`);
    expect(await tab.page.$$eval('.scroll-nav a', (els) => els.map((el) => el.getAttribute('href')))).to.deep.equal(['#starters', '#mains', '#desserts']);
    await tab.page.evaluate(() => window.scrollTo(0, document.getElementById('mains')!.getBoundingClientRect().top + window.scrollY - 100));
    await tab.page.waitForFunction(() => location.hash === '#mains', { timeout: 2000 });
    expect(await tab.page.$eval('.scroll-nav a[aria-current="location"]', (el) => el.textContent)).to.equal('Mains');
    await tab.page.click('.scroll-nav a[href="#desserts"]');
    await tab.page.waitForFunction(() => location.hash === '#desserts' && Math.abs(document.getElementById('desserts')!.getBoundingClientRect().top) < 80, { timeout: 3000 });
    expect(await tab.page.$eval('.scroll-nav a[aria-current="location"]', (el) => el.textContent)).to.equal('Desserts');
    tab.assertClean();
    await tab.page.close();
  });

  it('starts the video feature hidden; Play shows it and Close hides it', async () => {
    const tab = await openTab(chromium.browser);
    await hydrated(tab.page, `${server.baseUrl}/block-gallery/`);
    const block = '[data-block-type="video_feature"]';
    expect(await tab.page.$(`${block} video`)).to.equal(null);
    expect(await tab.page.$$eval(`${block} .block-video-feature__share a`, (els) => els.map((el) => new URL(el.getAttribute('href')!).hostname))).to.deep.equal(['www.facebook.com', 'twitter.com']);
    await tab.page.click(`${block} .block-video-feature__teaser button`);
    await tab.page.waitForSelector(`${block} video`, { visible: true });
    await tab.page.click(`${block} .block-video-feature__close`);
    await tab.page.waitForSelector(`${block} video`, { hidden: true });
    expect(await tab.page.evaluate(() => document.activeElement?.textContent)).to.include('Play');
    tab.assertClean();
    await tab.page.close();
  });

  it('prefills the unsubscribe e-mail field from ?utm_unsub=', async () => {
    const tab = await openTab(chromium.browser);
    await hydrated(tab.page, `${server.baseUrl}/block-gallery/?utm_unsub=guest%40example.com&blid=42`);
    expect(await tab.page.$eval('[data-block-type="unsubscribe"] input[type="email"]', (el) => (el as HTMLInputElement).value)).to.equal('guest@example.com');
    expect(await tab.page.$eval('[data-block-type="unsubscribe"] input[name="BroadLogId"]', (el) => (el as HTMLInputElement).value)).to.equal('42');
    expect(await tab.page.$eval('[data-block-type="unsubscribe"] form', (el) => el.getAttribute('action'))).to.equal('/api/fcc/unsubscribe/');
    tab.assertClean();
    await tab.page.close();
  });
});
