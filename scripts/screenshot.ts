import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';

/** `npx tsx scripts/screenshot.ts URL OUT.png [WIDTH]`: a full-page screenshot in Debian's Chromium. */
const [url, out, width = '1280'] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: npx tsx scripts/screenshot.ts URL OUT.png [WIDTH]');
  process.exit(2);
}
const userDataDir = mkdtempSync(join(tmpdir(), 'harborline-shot-'));
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
    '--host-resolver-rules=MAP *.localhost 127.0.0.1',
  ],
  userDataDir,
});
try {
  const page = await browser.newPage();
  await page.setViewport({ width: Number(width), height: 900 });
  await page.goto(url, { waitUntil: 'networkidle0' });
  // A full-page shot shows what a reader scrolling down would see: with the whole page in the
  // viewport, lazy images load (and are painted) before the shot.
  const height = (await page.evaluate('document.documentElement.scrollHeight')) as number;
  await page.setViewport({ width: Number(width), height: Math.min(height, 16_000) });
  // Images in hidden panels (tabs, closed accordions) never load: only the rendered ones count.
  await page.waitForFunction('[...document.images].every((img) => img.complete || img.getClientRects().length === 0)', {
    timeout: 30_000,
  });
  await page.screenshot({ path: out as `${string}.png`, fullPage: true });
} finally {
  await browser.close();
  rmSync(userDataDir, { recursive: true, force: true });
}
