import type { Db } from '../../db';
import { siteOrigin } from '../../http/host';
import { findLivePageOfType } from '../pages/service';
import { loadSiteTree, publicPath, type LocaleRoot, type SiteTree } from '../pages/site-tree';
import { listSites } from '../sites/repo';
import { STATE_LIST_TYPE, stateListContentSchema } from './page-types';
import * as repo from './repo';

/** The path of a site's state list page in one of its languages when it lists this country's restaurants. */
async function directoryPathFor(db: Db, tree: SiteTree, root: LocaleRoot, country: string): Promise<string | null> {
  const stateList = await findLivePageOfType(db, STATE_LIST_TYPE, root.page.path);
  if (!stateList || stateListContentSchema.safeParse(stateList.content).data?.country !== country) return null;
  return publicPath(tree, stateList);
}

/**
 * Where a location's local page (spec section 2: /seafood-restaurants/locations/{localPageURL})
 * lives: its directory page on this site when the site lists the restaurant's country, else on
 * the site that does, as a full URL (a US map page can show a restaurant in Canada). Null when
 * no restaurant has that local page or no site lists its country. The page is in the language
 * the visitor came from (`root`: /fr/seafood-restaurants/... leads to the French directory page),
 * or on another site in that language when it has it, else in that site's default language.
 */
export async function localPageLocation(
  db: Db,
  tree: SiteTree,
  root: LocaleRoot,
  localPageUrl: string,
): Promise<string | null> {
  const row = await repo.findByLocalPageUrl(db, localPageUrl);
  if (!row) return null;
  const tail = `list/${row.state_slug}/${row.city_slug}/${row.line1_slug}/`;
  const here = await directoryPathFor(db, tree, root, row.country);
  if (here) return `${here}${tail}`;
  for (const site of await listSites(db)) {
    if (site.id === tree.site.id) continue;
    const other = await loadSiteTree(db, site);
    const sameLanguage = other.roots.find((candidate) => candidate.languageCode === root.languageCode);
    const there = await directoryPathFor(db, other, sameLanguage ?? other.roots[0]!, row.country);
    if (there) return `${siteOrigin(site)}${there}${tail}`;
  }
  return null;
}
