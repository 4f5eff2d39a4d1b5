import type { Db } from '../../db';
import { siteOrigin } from '../../http/host';
import { loadSiteTree, publicPath, type SiteTree } from './site-tree';
import { listSites } from '../sites/repo';

/**
 * Each page's public URL (Wagtail's `meta.html_url`): a path when the page is on the site that
 * answers this request, a full URL when it is on another site, null when it is on none (the
 * tree root's other children). Choosers store it, so a link works on the site it is shown on.
 */
export async function htmlUrls(
  db: Db,
  pages: ReadonlyArray<{ id: number; url_path: string }>,
  requesting: SiteTree,
): Promise<Map<number, string | null>> {
  const out = new Map<number, string | null>();
  if (!pages.length) return out;
  const current = requesting.site;
  const sites = await listSites(db);
  // The requesting site first, so a page on two sites (a shared root) gets a relative path.
  sites.sort((a, b) => Number(b.id === current.id) - Number(a.id === current.id));
  const trees: SiteTree[] = [];
  for (const site of sites) {
    try {
      trees.push(await loadSiteTree(db, site));
    } catch {
      // A site whose root page is gone serves nothing; its pages have no URL through it.
    }
  }
  for (const page of pages) {
    out.set(page.id, null);
    for (const tree of trees) {
      const path = publicPath(tree, page);
      if (path === null) continue;
      out.set(page.id, tree.site.id === current.id ? path : `${siteOrigin(tree.site)}${path}`);
      break;
    }
  }
  return out;
}
