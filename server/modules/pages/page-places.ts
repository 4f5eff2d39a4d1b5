import type { Db } from '../../db';
import { siteOrigin } from '../../http/host';
import { listLocales, listSites } from '../sites/repo';
import type { PagePlace } from '../../../shared/admin/page-row';
import { loadSiteTree, type SiteTree } from './site-tree';
import type { Page } from './table';

/** A listed page's site and language, and its public URL when it is served (absolute: the admin may sit on any host). */
export type PageWhereabouts = { place: PagePlace | null; publicUrl: string | null };

export type PlaceFinder = {
  /** Whether lists must name each page's site and locale (more than one of either exists). */
  ambiguous: boolean;
  /** Whether the tree has more than one locale (the Translate action makes sense). */
  multilingual: boolean;
  of(page: Pick<Page, 'url_path'>): PageWhereabouts;
};

/**
 * Loads the sites and their language roots once per listing, then answers per page without
 * queries: the first site (default first) whose language root holds the page names it.
 */
export async function pagePlaceFinder(db: Db): Promise<PlaceFinder> {
  const sites = await listSites(db);
  sites.sort((a, b) => Number(b.is_default_site) - Number(a.is_default_site));
  const trees: SiteTree[] = [];
  for (const site of sites) {
    try {
      trees.push(await loadSiteTree(db, site));
    } catch {
      // A site whose root page is gone serves nothing.
    }
  }
  const locales = await listLocales(db);
  return {
    ambiguous: sites.length > 1 || locales.length > 1,
    multilingual: locales.length > 1,
    of(page) {
      for (const tree of trees) {
        for (const root of tree.roots) {
          if (!page.url_path.startsWith(root.page.url_path)) continue;
          const path = `${root.prefix}/${page.url_path.slice(root.page.url_path.length)}`;
          return {
            place: { site: tree.site.site_name, locale: root.languageCode },
            publicUrl: `${siteOrigin(tree.site)}${path}`,
          };
        }
      }
      return { place: null, publicUrl: null };
    },
  };
}
