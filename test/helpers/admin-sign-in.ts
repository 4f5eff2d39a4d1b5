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
