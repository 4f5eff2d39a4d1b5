import type { Page } from 'puppeteer-core';
import { createTestApp, listen, type TestApp } from './app';
import { launchBrowser, openTab, type TestBrowser } from './browser';

export type BrowserSuite = {
  app: TestApp;
  server: Awaited<ReturnType<typeof listen>>;
  chromium: TestBrowser;
  /** Opens a path (on `host`, default localhost) in a fresh tab and waits for hydration. */
  visit(
    path: string,
    options?: { host?: string; viewport?: { width: number; height: number } },
  ): Promise<Awaited<ReturnType<typeof openTab>>>;
};

/**
 * Registers before/after hooks for a browser suite: a seeded test app listening on a free port
 * and one Chromium. Call inside `describe`; read the fields inside tests.
 */
export function useBrowserSuite(options: Parameters<typeof createTestApp>[0] = {}): BrowserSuite {
  const suite = {} as BrowserSuite;
  before(async function () {
    // The first suite of a process migrates and seeds the template, or waits for the process that
    // does (npm test starts the phases together): minutes on a busy machine.
    this.timeout(600_000);
    suite.app = await createTestApp(options);
    suite.server = await listen(suite.app.app);
    suite.chromium = await launchBrowser();
  });
  after(async () => {
    await suite.chromium?.close();
    await suite.server?.close();
    await suite.app?.close();
  });
  suite.visit = async (path, visitOptions = {}) => {
    const tab = await openTab(suite.chromium.browser, visitOptions.viewport);
    // The load event, then hydration (which waits for the page's template and block chunks): what a
    // test drives is ready. networkidle0 would add half a second of idle network to every visit.
    await tab.page.goto(`http://${visitOptions.host ?? 'localhost'}:${suite.server.port}${path}`, {
      waitUntil: 'load',
    });
    await waitForHydration(tab.page);
    return tab;
  };
  return suite;
}

export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.classList.contains('js-enabled'), { timeout: 15_000 });
}
