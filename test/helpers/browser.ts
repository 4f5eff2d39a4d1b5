import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';
import { atProcessEnd } from './process-end';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // ca.localhost must reach this machine like localhost does.
  '--host-resolver-rules=MAP *.localhost 127.0.0.1',
  // Nothing leaves this machine: every other request goes to a proxy that is not there and fails
  // (each tab reports it, see openTab). Request interception did this before, at the price of
  // the browser's cache and a round trip to the test process for every request.
  '--proxy-server=http://127.0.0.1:9',
  '--proxy-bypass-list=localhost;*.localhost;127.0.0.1',
];

const isLocal = (url: string) => {
  if (url.startsWith('data:') || url.startsWith('blob:') || url.startsWith('about:')) return true;
  const host = new URL(url).hostname;
  return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1';
};

export type TestBrowser = {
  /**
   * The process's Chromium as this suite sees it: pages it opens (`newPage`, `pages`,
   * `defaultBrowserContext`) live in a browser context of the suite's own, so no cookie, storage
   * or permission reaches another suite; `createBrowserContext` gives further isolated contexts.
   */
  browser: Browser;
  /** Closes the suite's contexts and their pages; the process's Chromium stays for the next suite. */
  close(): Promise<void>;
};

let shared: Promise<{ browser: Browser; userDataDir: string }> | undefined;

/** One Chromium per test process, launched when a suite first needs it and closed at the process's end. */
function sharedChromium(): Promise<{ browser: Browser; userDataDir: string }> {
  if (!shared) {
    shared = (async () => {
      const userDataDir = mkdtempSync(join(tmpdir(), 'harborline-chromium-'));
      const browser = await puppeteer.launch({
        executablePath: CHROMIUM_PATH,
        args: FLAGS,
        userDataDir,
        headless: true,
      });
      // A crashed Chromium is launched again for the next suite rather than failing every later one.
      browser.once('disconnected', () => (shared = undefined));
      return { browser, userDataDir };
    })();
    atProcessEnd(closeSharedChromium);
  }
  return shared;
}

async function closeSharedChromium(): Promise<void> {
  const current = shared;
  shared = undefined;
  if (!current) return;
  const { browser, userDataDir } = await current;
  await browser.close().catch(() => undefined);
  rmSync(userDataDir, { recursive: true, force: true });
}

/**
 * A browser for one suite (see TestBrowser). Launching Chromium took one to three seconds per
 * suite; a browser context takes milliseconds and isolates as well as a new browser for what the
 * tests look at (cookies, storage, cache, permissions).
 */
export async function launchBrowser(): Promise<TestBrowser> {
  let { browser } = await sharedChromium();
  if (!browser.connected) ({ browser } = await sharedChromium());
  const contexts: BrowserContext[] = [];
  const keepers = new Set<Page>();
  const newContext = async () => {
    const context = await browser.createBrowserContext();
    contexts.push(context);
    // An empty tab that lives as long as the context: when a context's last tab closes, Chromium
    // tears down more than the tab, and the next tab costs about half a CPU-second more (measured:
    // 0.7 s against 0.25 s a tab). Most tests close their tab when they end.
    keepers.add(await context.newPage());
    return context;
  };
  const own = await newContext();
  const view = new Proxy(browser, {
    get(target, property) {
      switch (property) {
        case 'newPage':
          return () => own.newPage();
        case 'pages':
          return async () => (await own.pages()).filter((page) => !keepers.has(page));
        case 'defaultBrowserContext':
          return () => own;
        case 'browserContexts':
          return () => [...contexts];
        case 'createBrowserContext':
          return newContext;
        case 'close':
          return () => closeContexts();
        default: {
          const value = Reflect.get(target, property, target) as unknown;
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        }
      }
    },
  });
  const closeContexts = async () => {
    for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
  };
  return { browser: view, close: closeContexts };
}

/**
 * A new tab that records console errors, page errors, React warnings and every request that tried
 * to leave this machine (the browser refuses them). Call `assertClean()` at the end of a test.
 */
export async function openTab(browser: Browser | BrowserContext, viewport = { width: 1280, height: 900 }) {
  // A suite's Browser or one of its isolated BrowserContexts (two signed-in users side by side).
  const page: Page = await browser.newPage();
  pollOnAnInterval(page);
  await page.setViewport(viewport);
  const problems: string[] = [];
  page.on('console', (message) => {
    // Chromium logs every 4xx response, including a 404 page itself; failed sub-resources are
    // caught by the response listener below instead.
    if (message.text().startsWith('Failed to load resource')) return;
    if (message.type() === 'error' || (message.type() === 'warn' && /react|hydrat/i.test(message.text()))) {
      problems.push(`console.${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) =>
    problems.push(`page error: ${error instanceof Error ? error.message : String(error)}`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400 && response.request().resourceType() !== 'document') {
      problems.push(`sub-resource ${response.status()}: ${response.url()}`);
    }
  });
  // The launch flags make every request that leaves this machine fail (FLAGS above).
  page.on('requestfailed', (request) => {
    if (!isLocal(request.url())) problems.push(`outbound request blocked: ${request.url()}`);
  });
  return {
    page,
    problems,
    assertClean() {
      if (problems.length) throw new Error(`Browser problems:\n${problems.join('\n')}`);
    },
  };
}

/**
 * `waitForFunction` checks its condition every 50 ms unless a test asks otherwise. Puppeteer's
 * default checks it on every animation frame, which keeps the page drawing frames for as long as
 * the wait lasts: 0.12 CPU-seconds a second on an empty page, and a loaded machine makes every
 * wait longer. (`waitForSelector` with `visible` or `hidden` still polls per frame: Puppeteer
 * fixes that.)
 */
function pollOnAnInterval(page: Page): void {
  const waitForFunction = page.waitForFunction.bind(page);
  page.waitForFunction = ((condition: Parameters<Page['waitForFunction']>[0], options = {}, ...args: unknown[]) =>
    waitForFunction(condition, { polling: 50, ...options }, ...(args as []))) as Page['waitForFunction'];
}
