import { randomUUID } from 'node:crypto';
import type { Page } from 'puppeteer-core';
import { createPage } from '../../server/modules/pages/service';
import { signInToAdmin } from './admin-sign-in';
import { TEST_ADMIN } from './app';
import { openTab } from './browser';
import type { BrowserSuite } from './browser-suite';

/** What the block editor's browser suites build pages from and open them with. */
export type Block = { type: string; id: string; value: unknown };

export const heading = (text: string, level: 'h2' | 'h3' | 'h4'): Block => ({
  type: 'heading',
  id: randomUUID(),
  value: { text, level, rope: false, alignment: 'left' },
});

export const richText = (html: string): Block => ({
  type: 'rich_text',
  id: randomUUID(),
  value: { html, alignment: 'left', container: 'full' },
});

/** Publishes an example page under the default site's home with `body`; resolves with its id. */
export async function newExamplePage(suite: BrowserSuite, title: string, body: Block[]): Promise<number> {
  const home = await suite.app.db
    .selectFrom('sites')
    .select('root_page_id')
    .where('is_default_site', '=', true)
    .executeTakeFirstOrThrow();
  const page = await createPage(suite.app.db, {
    parentId: home.root_page_id,
    pageType: 'ExamplePage',
    title,
    content: { body, confirmation_content: [] },
    publish: true,
  });
  return page.id;
}

/**
 * Signs in afresh (the browser is shared between a suite's tests) in a new tab and opens page
 * `id`'s edit screen, once its block cards are there.
 */
export async function openBlockEditor(suite: BrowserSuite, id: number, options: { bypassCsp?: boolean } = {}) {
  // Tall enough that the cards dragged in the tests stay clear of the edges that scroll the window.
  const tab = await openTab(suite.chromium.browser, { width: 1280, height: 1000 });
  if (options.bypassCsp) await tab.page.setBypassCSP(true);
  await signInToAdmin(tab.page, suite.server.baseUrl, TEST_ADMIN, { freshCookies: true });
  await tab.page.goto(`${suite.server.baseUrl}/wagtail/pages/${id}/edit/`, { waitUntil: 'load' });
  await tab.page.waitForSelector('[data-stream-field="body"] .admin-block');
  return tab;
}

/** The body's block ids as the form would post them (the JSON field the editor keeps in step). */
export const postedOrder = (page: Page) =>
  page.$eval('#id_content_json', (el) =>
    (JSON.parse((el as HTMLTextAreaElement).value) as { body: Array<{ id: string }> }).body.map((b) => b.id),
  );
