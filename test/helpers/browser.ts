import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

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
];

export type TestBrowser = { browser: Browser; close(): Promise<void> };

export async function launchBrowser(): Promise<TestBrowser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'harborline-chromium-'));
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: FLAGS, userDataDir, headless: true });
  return {
    browser,
    async close() {
      await browser.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A new tab that records console errors, page errors and React warnings, and refuses every
 * request that leaves this machine. Call `assertClean()` at the end of a test.
 */
export async function openTab(browser: Pick<Browser, 'newPage'>, viewport = { width: 1280, height: 900 }) {
  // A Browser or one of its isolated BrowserContexts (two signed-in users side by side).
  const page: Page = await browser.newPage();
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
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    const host = new URL(request.url()).hostname;
    const local =
      host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || request.url().startsWith('data:');
    if (local) void request.continue();
    else {
      problems.push(`outbound request blocked: ${request.url()}`);
      void request.abort();
    }
  });
  return {
    page,
    problems,
    assertClean() {
      if (problems.length) throw new Error(`Browser problems:\n${problems.join('\n')}`);
    },
  };
}
