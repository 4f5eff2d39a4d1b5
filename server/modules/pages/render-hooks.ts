import type { Db } from '../../db';
import type { Logger } from '../../logger';
import type { LocaleRoot, SiteTree } from './site-tree';

/**
 * How features take part in rendering a page without the pages module knowing them: registered
 * at the composition root (server/composition.ts), run by buildPage in the order registered.
 */

/**
 * A pass over the stored content before it is validated and rendered: the images module leaves
 * out pictures deleted from the library since the page was saved. `report` logs what was left out.
 */
export type ContentFilter = (
  db: Db,
  content: Record<string, unknown>,
  report: (problem: Record<string, unknown>, message: string) => void,
) => Promise<Record<string, unknown>>;

/**
 * Data a block needs that the content does not hold, added to the page's `extra`: the site's page
 * list for a sitemap block (navigation), a toolbox's current blocks (snippets).
 */
export type RenderExtra = (context: {
  db: Db;
  logger: Logger;
  tree: SiteTree;
  root: LocaleRoot;
  content: Record<string, unknown>;
}) => Promise<Record<string, unknown>>;

const filters: ContentFilter[] = [];
const extras: RenderExtra[] = [];

export function registerContentFilter(filter: ContentFilter): void {
  filters.push(filter);
}

export function registerRenderExtra(extra: RenderExtra): void {
  extras.push(extra);
}

/** The content after every registered filter, each given the previous one's result. */
export async function filteredContent<T extends Record<string, unknown>>(
  db: Db,
  content: T,
  report: (problem: Record<string, unknown>, message: string) => void,
): Promise<T> {
  let filtered: Record<string, unknown> = content;
  for (const filter of filters) filtered = await filter(db, filtered, report);
  return filtered as T;
}

/** Every registered extra's data, merged in registration order. */
export async function renderExtras(context: Parameters<RenderExtra>[0]): Promise<Record<string, unknown>> {
  let merged: Record<string, unknown> = {};
  for (const extra of extras) merged = { ...merged, ...(await extra(context)) };
  return merged;
}
