import type { Db } from '../../db';
import type { SitemapEntry } from '../../../shared/schemas/sitemap';
import { publicPath, type LocaleRoot, type SiteTree } from '../pages/site-tree';
import { privatePathTester } from '../privacy/service';
import * as repo from './repo';
import { tableMemoFor } from '../../cache/table-memo';

const MAX_ENTRIES = 2000;
/** Not pages a visitor would look for: the not-found page and redirect/folder pages. */
const HIDDEN_TYPES = new Set(['Root', 'Error404', 'RedirectPage']);

/** Whether any body of the content holds a sitemap block (only then is the list loaded). */
export function hasSitemapBlock(content: Record<string, unknown>): boolean {
  return Object.values(content).some(
    (field) =>
      Array.isArray(field) &&
      field.some(
        (block: unknown) =>
          typeof block === 'object' && block !== null && (block as { type?: unknown }).type === 'sitemap',
      ),
  );
}

/**
 * `page.extra.sitemap` for pages with a sitemap block: the live pages of the page's language in
 * tree order, with their level below the home page. Added by public-service for any page type,
 * so editors can put the block anywhere without a dedicated page type.
 */
export async function sitemapExtra(
  db: Db,
  tree: SiteTree,
  root: LocaleRoot,
  content: Record<string, unknown>,
): Promise<{ sitemap?: SitemapEntry[] }> {
  if (!hasSitemapBlock(content)) return {};
  // The same list for every page of the language until a page, site or restriction changes.
  const key = `sitemap ${tree.site.id} ${root.page.path}`;
  return tableMemoFor(db).read(key, ['pages', 'page_view_restrictions', 'sites', 'locales'], () =>
    loadSitemap(db, tree, root),
  );
}

async function loadSitemap(db: Db, tree: SiteTree, root: LocaleRoot): Promise<{ sitemap: SitemapEntry[] }> {
  const pages = await repo.listLivePagesUnder(db, root.page.path, MAX_ENTRIES);
  // Private pages are not listed to visitors, not even by title.
  const isPrivate = await privatePathTester(db);
  const sitemap = pages.flatMap((page) => {
    if (HIDDEN_TYPES.has(page.page_type) || isPrivate(page.path)) return [];
    const url = publicPath(tree, page);
    return url === null ? [] : [{ title: page.title, url, level: page.depth - root.page.depth }];
  });
  return { sitemap };
}
