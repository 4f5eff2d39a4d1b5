import { expect } from 'chai';
import { createTestApp, listen, type TestApp } from '../helpers/app';
import { launchBrowser, openTab, type TestBrowser } from '../helpers/browser';

describe('hydration in Chromium', () => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof listen>>;
  let chromium: TestBrowser;
  before(async () => {
    t = await createTestApp();
    server = await listen(t.app);
    chromium = await launchBrowser();
  });
  after(async () => {
    await chromium?.close();
    await server?.close();
    await t?.close();
  });

  for (const [label, path, host] of [
    ['US home page', '/', 'localhost'],
    ['French Canada home page', '/fr/', 'ca.localhost'],
    ['not-found page', '/no/such/page/', 'localhost'],
    ['utility page', '/terms-of-use/', 'localhost'],
  ] as const) {
    it(`hydrates the ${label} with no console errors or warnings`, async () => {
      const tab = await openTab(chromium.browser);
      await tab.page.goto(`http://${host}:${server.port}${path}`, { waitUntil: 'networkidle0' });
      await tab.page.waitForFunction(() => document.documentElement.classList.contains('js-enabled'), { timeout: 5000 });
      expect(await tab.page.$eval('main', (main) => main.id)).to.equal('mainContent');
      tab.assertClean();
      await tab.page.close();
    });
  }

  it('moves focus to the main content with the skip link', async () => {
    const tab = await openTab(chromium.browser);
    await tab.page.goto(`${server.baseUrl}/`, { waitUntil: 'networkidle0' });
    await tab.page.keyboard.press('Tab');
    expect(await tab.page.evaluate(() => document.activeElement?.textContent)).to.equal('Skip to main content');
    await tab.page.keyboard.press('Enter');
    await tab.page.waitForFunction(() => location.hash === '#mainContent');
    tab.assertClean();
    await tab.page.close();
  });
});
