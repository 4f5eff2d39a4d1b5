import { expect } from 'chai';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';

describe('hydration in Chromium', () => {
  const suite = useBrowserSuite();

  for (const [label, path, host] of [
    ['US home page', '/', 'localhost'],
    ['French Canada home page', '/fr/', 'ca.localhost'],
    ['not-found page', '/no/such/page/', 'localhost'],
    ['utility page', '/terms-of-use/', 'localhost'],
  ] as const) {
    it(`hydrates the ${label} with no console errors or warnings`, async () => {
      const tab = await suite.visit(path, { host });
      expect(await tab.page.$eval('main', (main) => main.id)).to.equal('mainContent');
      tab.assertClean();
      await tab.page.close();
    });
  }

  it('moves focus to the main content with the skip link', async () => {
    const tab = await openTab(suite.chromium.browser);
    await tab.page.goto(`${suite.server.baseUrl}/`, { waitUntil: 'networkidle0' });
    await tab.page.keyboard.press('Tab');
    expect(await tab.page.evaluate(() => document.activeElement?.textContent)).to.equal('Skip to main content');
    await tab.page.keyboard.press('Enter');
    await tab.page.waitForFunction(() => location.hash === '#mainContent');
    tab.assertClean();
    await tab.page.close();
  });
});
