import { expect } from 'chai';
import type { Page } from 'puppeteer-core';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';

/**
 * Cumulative layout shift as Lighthouse counts it for a load: every 'layout-shift' entry without
 * recent input, observed from the first paint (buffered) until the page has settled.
 */
const OBSERVE_CLS = `(() => {
  window.__cls = 0;
  window.__shifts = [];
  const record = (entries) => {
    for (const entry of entries) {
      if (entry.hadRecentInput) continue;
      window.__cls += entry.value;
      window.__shifts.push({ value: entry.value, sources: (entry.sources || []).map((s) => s.node ? (s.node.className || s.node.nodeName) : '?') });
    }
  };
  const observer = new PerformanceObserver((list) => record(list.getEntries()));
  observer.observe({ type: 'layout-shift', buffered: true });
  // Entries of frames already drawn that the observer has not been handed yet.
  window.__takeShifts = () => record(observer.takeRecords());
})();`;

/**
 * Waits for two animation frames, so that whatever changed before has been laid out and any shift
 * it caused has been reported, then takes the entries still queued for the observer.
 */
const settle = (page: Page) =>
  page.evaluate(
    `new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => { window.__takeShifts(); resolve(); })))`,
  );

async function measureCls(page: Page, url: string): Promise<{ cls: number; shifts: unknown[] }> {
  await page.evaluateOnNewDocument(OBSERVE_CLS);
  await page.goto(url, { waitUntil: 'networkidle0' });
  await page.waitForFunction(() => document.documentElement.classList.contains('js-enabled'), { timeout: 5000 });
  // Fonts and lazy images that arrive after hydration count too: networkidle0 has waited for
  // every request to finish, and the fonts are in use once document.fonts is ready.
  await page.evaluate('document.fonts.ready');
  await settle(page);
  return (await page.evaluate('({ cls: window.__cls, shifts: window.__shifts })')) as {
    cls: number;
    shifts: unknown[];
  };
}

describe('layout shift while pages load (CLS < 0.02)', function () {
  this.timeout(120_000);
  const suite = useBrowserSuite();

  it('notices a shift when one happens (the measurement itself works)', async () => {
    const tab = await openTab(suite.chromium.browser);
    await measureCls(tab.page, `${suite.server.baseUrl}/`);
    await tab.page.evaluate(
      "document.querySelector('main').insertAdjacentHTML('afterbegin', '<div style=\"height:300px\"></div>')",
    );
    await settle(tab.page);
    expect(await tab.page.evaluate('window.__cls')).to.be.above(0.02);
    await tab.page.close();
  });

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    // The map page: its List / Map switch on a phone is drawn from the first paint, not at hydration.
    for (const path of ['/', '/block-gallery/', '/locations/map/?q=Orlando%2C%20FL']) {
      it(`${path} at ${viewport.width}px`, async () => {
        const tab = await openTab(suite.chromium.browser, viewport);
        // Slow the network down so late fonts and images would show their shifts.
        const session = await tab.page.createCDPSession();
        await session.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 80,
          downloadThroughput: 400_000,
          uploadThroughput: 200_000,
        });
        const { cls, shifts } = await measureCls(tab.page, `${suite.server.baseUrl}${path}`);
        expect(cls, JSON.stringify(shifts)).to.be.below(0.02);
        tab.assertClean();
        await tab.page.close();
      });
    }
  }
});
