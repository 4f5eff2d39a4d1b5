import { createRequire } from 'node:module';
import type { Page } from 'puppeteer-core';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The WCAG 2.2 AA rule set; without tags axe runs every rule, best practices included. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type AxeResult = {
  violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> }>;
};

/**
 * Injects axe-core and returns its violations, one line per failing element, so a failure says
 * what to fix. The injected script has no CSP nonce: call `page.setBypassCSP(true)` before the
 * navigation that loads the page under test.
 */
export async function axeViolations(
  page: Page,
  options: { tags?: string[]; iframes?: boolean } = {},
): Promise<string[]> {
  // Once per document: a second check of the same page (at another width) reuses it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  // iframes: false leaves out framed documents checked on their own (the edit screen's live preview of a public page).
  const runOptions = {
    ...(options.tags ? { runOnly: { type: 'tag', values: options.tags } } : {}),
    resultTypes: ['violations'],
    ...(options.iframes === false ? { iframes: false } : {}),
  };
  const result = (await page.evaluate(`window.axe.run(document, ${JSON.stringify(runOptions)})`)) as AxeResult;
  return result.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id}: ${violation.help} at ${JSON.stringify(node.target)}: ${node.failureSummary ?? ''}`,
    ),
  );
}
