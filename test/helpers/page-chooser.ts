import type { Page } from 'puppeteer-core';

/**
 * Opens the page chooser with the button at `opener`, searches for `title` and chooses the first
 * result of that exact title; resolves once the dialog has closed.
 */
export async function choosePage(page: Page, opener: string, title: string): Promise<void> {
  await page.click(opener);
  await page.waitForSelector('.admin-chooser__search input');
  await page.type('.admin-chooser__search input', title);
  const handle = await page.waitForFunction(
    (wanted) =>
      [...document.querySelectorAll<HTMLButtonElement>('.admin-chooser__result button.admin-chooser__title')].find(
        (button) => button.textContent?.replace(/^Choose /, '').trim() === wanted,
      ),
    { timeout: 15_000 },
    title,
  );
  await (handle as import('puppeteer-core').ElementHandle<HTMLButtonElement>).click();
  await page.waitForFunction(() => !document.querySelector('.admin-chooser'));
}
