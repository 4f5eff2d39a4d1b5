import type { Db } from '../../db';
import type { Logger } from '../../logger';
import * as sitesRepo from '../sites/repo';
import { buildPage, type ResolvedPage } from './public-service';
import { loadSiteTree, type LocaleRoot, type SiteTree } from './site-tree';
import type { Page, RevisionSnapshot } from './table';

/**
 * The site and language root a page belongs to: the root whose url_path is the longest prefix
 * of the page's. A page outside every site (under the tree root only) previews in the default
 * site's look, with links that may not resolve.
 */
export async function siteTreeOfPage(
  db: Db,
  page: Pick<Page, 'url_path'>,
): Promise<{ tree: SiteTree; root: LocaleRoot }> {
  const sites = await sitesRepo.listSites(db);
  if (sites.length === 0)
    throw new Error('No site is configured: run the seed (npm run seed) or add a site in the back office');
  let best: { tree: SiteTree; root: LocaleRoot } | undefined;
  for (const site of sites) {
    const tree = await loadSiteTree(db, site);
    for (const root of tree.roots) {
      if (!page.url_path.startsWith(root.page.url_path)) continue;
      if (!best || root.page.url_path.length > best.root.page.url_path.length) best = { tree, root };
    }
  }
  if (best) return best;
  const fallback = sites.find((site) => site.is_default_site) ?? sites[0]!;
  const tree = await loadSiteTree(db, fallback);
  return { tree, root: tree.roots[0]! };
}

/**
 * A draft rendered as the public site would render it once published: the page row with the
 * snapshot's fields and content laid over it. Nothing is saved.
 */
export async function resolvePreview(
  db: Db,
  logger: Logger,
  page: Page,
  snapshot: RevisionSnapshot,
): Promise<ResolvedPage> {
  const { tree, root } = await siteTreeOfPage(db, page);
  const draftPage: Page = {
    ...page,
    title: snapshot.title,
    slug: snapshot.slug,
    seo_title: snapshot.seo_title,
    search_description: snapshot.search_description,
    robots: snapshot.robots,
    content: snapshot.content,
  };
  const resolved = await buildPage(db, logger, { tree, root, page: draftPage, status: 200, query: {} });
  // A preview is never indexed, whatever the page says.
  return { ...resolved, page: { ...resolved.page, robots: 'noindex' } };
}
