import type { Db } from '../../db';
import { siteOrigin } from '../../http/host';
import { findLivePageOfType } from '../pages/service';
import { loadSiteTree, publicPath, type SiteTree } from '../pages/site-tree';
import { listSites } from '../sites/repo';
import { STATE_LIST_TYPE, stateListContentSchema } from './page-types';
import * as repo from './repo';

/** The path of a site's state list page when it lists this country's restaurants. */
async function directoryPathFor(db: Db, tree: SiteTree, country: string): Promise<string | null> {
  const stateList = await findLivePageOfType(db, STATE_LIST_TYPE, tree.roots[0]?.page.path ?? '\u0000');
  if (!stateList || stateListContentSchema.safeParse(stateList.content).data?.country !== country) return null;
  return publicPath(tree, stateList);
}

/**
 * Where a location's local page (spec section 2: /seafood-restaurants/locations/{localPageURL})
 * lives: its directory page on this site when the site lists the restaurant's country, else on
 * the site that does, as a full URL (a US map page can show a restaurant in Canada). Null when
 * no restaurant has that local page or no site lists its country.
 */
export async function localPageLocation(db: Db, tree: SiteTree, localPageUrl: string): Promise<string | null> {
  const row = await repo.findByLocalPageUrl(db, localPageUrl);
  if (!row) return null;
  const tail = `list/${row.state_slug}/${row.city_slug}/${row.line1_slug}/`;
  const here = await directoryPathFor(db, tree, row.country);
  if (here) return `${here}${tail}`;
  for (const site of await listSites(db)) {
    if (site.id === tree.site.id) continue;
    const there = await directoryPathFor(db, await loadSiteTree(db, site), row.country);
    if (there) return `${siteOrigin(site)}${there}${tail}`;
  }
  return null;
}
