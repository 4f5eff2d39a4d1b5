import type { Page } from 'puppeteer-core';
import { TEST_ADMIN } from './database-templates';

/**
 * Signs in on the back office's login form by keyboard and waits for the screen it lands on
 * (`next`, else the dashboard). `freshCookies`: suites that share one browser start signed out.
 */
export async function signInToAdmin(
  page: Page,
  baseUrl: string,
  who: { username: string; password: string } = TEST_ADMIN,
  options: { next?: string; freshCookies?: boolean } = {},
): Promise<void> {
  if (options.freshCookies) await (await page.createCDPSession()).send('Network.clearBrowserCookies');
  const next = options.next ? `?next=${encodeURIComponent(options.next)}` : '';
  await page.goto(`${baseUrl}/wagtail/login/${next}`, { waitUntil: 'load' });
  await page.type('#id_username', who.username);
  await page.type('#id_password', who.password);
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.keyboard.press('Enter')]);
}

/**
 * Opens `url`, signing in first when the login form is what shows: the browser keeps the session
 * between a suite's tabs, so only its first screen asks.
 */
export async function openSignedIn(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'load' });
  if (!(await page.$('#id_username'))) return;
  await page.type('#id_username', TEST_ADMIN.username);
  await page.type('#id_password', TEST_ADMIN.password);
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.keyboard.press('Enter')]);
}

/** Clicks a form's submit control and waits for the screen the form answers with. */
export const submitAndWait = (page: Page, selector: string) =>
  Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(selector)]);
