import type { BrowserContext, Page } from 'puppeteer-core';

/**
 * Tabs a test closed, kept for the next test of the same browser context. A new tab costs
 * Chromium about 0.3 CPU-seconds more than a navigation in an open one (a renderer process
 * started, the DevTools session attached, the window made; measured 0.55 s against 0.24 s a
 * home page load), and most tests close their tab when they end.
 *
 * A tab goes back to the pool only in the state a new tab has: its listeners removed, the page
 * left for about:blank (its session storage cleared first), the two settings tests change and undo
 * cheaply (CSP bypass for axe, JavaScript off) reset. (Not `mouse.reset()`: its input events left
 * another context's tab that a test was still driving unclickable.) A tab whose test changed
 * anything harder to undo (an emulation, a script for every new document, its own DevTools
 * session) is closed for real.
 */
const pools = new WeakMap<BrowserContext, Page[]>();
const pooled = new WeakSet<Page>();
const MAX_POOLED = 3;

const UNDOABLE_ONLY_BY_CLOSING = [
  'createCDPSession',
  'evaluateOnNewDocument',
  'exposeFunction',
  'setGeolocation',
  'setRequestInterception',
  'setExtraHTTPHeaders',
  'setUserAgent',
  'setCacheEnabled',
  'setOfflineMode',
  'authenticate',
  'emulate',
  'emulateMediaFeatures',
  'emulateMediaType',
  'emulateTimezone',
  'emulateNetworkConditions',
  'emulateCPUThrottling',
  'emulateIdleState',
  'emulateVisionDeficiency',
] as const;

/** Is this page waiting in a pool (not a test's tab)? */
export const isPooled = (page: Page): boolean => pooled.has(page);

/** A pooled tab of this context, if there is one. */
export function takePooledTab(context: BrowserContext): Page | undefined {
  const page = pools.get(context)?.pop();
  if (page) pooled.delete(page);
  return page;
}

/**
 * Makes `page.close()` hand the tab back to its context's pool, and records what the test does
 * to it (listeners, settings) so that can be undone.
 */
export function returnToPoolOnClose(page: Page): void {
  const listeners: Array<[Parameters<Page['off']>[0], Parameters<Page['off']>[1]]> = [];
  let keepable = true;
  let bypassingCsp = false;
  let javaScriptOff = false;
  const on = page.on.bind(page);
  const once = page.once.bind(page);
  page.on = ((event, handler) => {
    listeners.push([event, handler]);
    return on(event, handler);
  }) as Page['on'];
  page.once = ((event, handler) => {
    listeners.push([event, handler]);
    return once(event, handler);
  }) as Page['once'];
  for (const name of UNDOABLE_ONLY_BY_CLOSING) {
    const original = (page[name] as (...args: unknown[]) => unknown).bind(page);
    (page as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      keepable = false;
      return original(...args);
    };
  }
  const setBypassCSP = page.setBypassCSP.bind(page);
  page.setBypassCSP = (enabled) => {
    bypassingCsp = enabled;
    return setBypassCSP(enabled);
  };
  const setJavaScriptEnabled = page.setJavaScriptEnabled.bind(page);
  page.setJavaScriptEnabled = (enabled) => {
    javaScriptOff = !enabled;
    return setJavaScriptEnabled(enabled);
  };
  const close = page.close.bind(page);
  page.close = async (options) => {
    for (const [event, handler] of listeners.splice(0)) page.off(event, handler);
    const pool = pools.get(page.browserContext()) ?? [];
    if (!keepable || pool.length >= MAX_POOLED || page.isClosed()) return close(options);
    // Leaving a page with unsaved edits asks first: the new tab a test expects asks nothing.
    const accept = (dialog: import('puppeteer-core').Dialog) => void dialog.accept().catch(() => undefined);
    on('dialog', accept);
    try {
      await page.evaluate(() => sessionStorage.clear()).catch(() => undefined);
      await page.goto('about:blank', { timeout: 5_000 });
      if (bypassingCsp) await setBypassCSP(false);
      if (javaScriptOff) await setJavaScriptEnabled(true);
    } catch {
      return close(options).catch(() => undefined);
    } finally {
      page.off('dialog', accept);
    }
    bypassingCsp = false;
    javaScriptOff = false;
    pooled.add(page);
    pool.push(page);
    pools.set(page.browserContext(), pool);
  };
}
