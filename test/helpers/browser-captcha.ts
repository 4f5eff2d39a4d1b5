import type { Page } from 'puppeteer-core';

/**
 * Ticks the captcha's box inside `scope` (a CSS selector, '' for the page) and waits for the proof
 * of work to finish: the widget's hidden field gets the payload.
 */
export async function solveCaptchaIn(page: Page, scope = ''): Promise<void> {
  const box = `${scope} altcha-widget input[type="checkbox"]`.trim();
  await page.waitForSelector(box, { visible: true, timeout: 10_000 });
  await page.click(box);
  await page.waitForFunction(
    (field) => (document.querySelector<HTMLInputElement>(field)?.value ?? '').length > 20,
    { timeout: 30_000 },
    `${scope} altcha-widget input[name="captcha"]`.trim(),
  );
}
