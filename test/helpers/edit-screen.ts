import type { Page } from 'puppeteer-core';

/**
 * Chooses an action from the edit screen's 'More actions' menu (Publish, Submit for moderation,
 * Lock...) by keyboard-free clicks, waiting for the navigation it starts.
 */
export async function chooseEditAction(page: Page, label: string): Promise<void> {
  // The menu replaces the plain buttons once the editor script has run.
  await page.waitForSelector('[data-action-menu-trigger]');
  await page.click('[data-action-menu-trigger]');
  await page.waitForSelector('.admin-menu__item');
  const items = await page.$$('.admin-menu__item');
  for (const item of items) {
    if ((await item.evaluate((el) => el.textContent?.trim())) !== label) continue;
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), item.click()]);
    return;
  }
  throw new Error(`no '${label}' in the actions menu`);
}

/** The labels of the actions menu, as the user sees them (the menu is closed again afterwards). */
export async function editActionLabels(page: Page): Promise<string[]> {
  await page.waitForSelector('[data-action-menu-trigger]');
  await page.click('[data-action-menu-trigger]');
  await page.waitForSelector('.admin-menu__item');
  const labels = await page.$$eval('.admin-menu__item', (items) => items.map((item) => item.textContent?.trim() ?? ''));
  await page.keyboard.press('Escape');
  return labels;
}
