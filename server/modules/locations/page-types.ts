import { z } from 'zod';
import { listSites } from '../sites/repo';
import { loadSiteTree, publicPath } from '../pages/site-tree';
import * as pagesRepo from '../pages/repo';
import { definePageType, type LoaderContext } from '../pages/page-type';
import type { Db } from '../../db';
import type { Site } from '../sites/table';
import { stateDirectory } from './directory';
import { mapSearch } from './map-search';
import { mapPageExtraSchema, stateListExtraSchema } from '../../../shared/schemas/locations';
import { COUNTRY_NAMES } from './regions';
import { MAP_CSS_URL } from './map-assets';
import { currentLocationsRuntime } from './runtime';

export const STATE_LIST_TYPE = 'LocationsPageStateList';

export const stateListContentSchema = z.object({
  /** Which country's restaurants this directory lists. */
  country: z.enum(['US', 'CA']),
});

export const countryOf = (code: string) => ({ code, printable_name: COUNTRY_NAMES[code] ?? code });

const siteOrigin = (site: Site) => `//${site.hostname}${site.port === 80 || site.port === 443 ? '' : `:${site.port}`}`;

/** 'See {country} Locations': the live state list pages of the other countries, on any site. */
async function otherCountries(db: Db, country: string) {
  const found = new Map<string, { id: number; url: string; country: { printable_name: string } }>();
  for (const site of await listSites(db)) {
    const tree = await loadSiteTree(db, site);
    const root = tree.roots[0];
    if (!root) continue;
    const page = await pagesRepo.findLivePageOfType(db, STATE_LIST_TYPE, root.page.path);
    const parsed = stateListContentSchema.safeParse(page?.content);
    const path = page ? publicPath(tree, page) : null;
    if (!page || !parsed.success || !path || parsed.data.country === country || found.has(parsed.data.country)) continue;
    found.set(parsed.data.country, { id: page.id, url: `${siteOrigin(site)}${path}`, country: { printable_name: countryOf(parsed.data.country).printable_name } });
  }
  return [...found.values()];
}

export function cachedStateDirectory(db: Db, country: string, stateListUrl: string) {
  const cache = currentLocationsRuntime()?.cache;
  const load = () => stateDirectory(db, country, stateListUrl);
  return cache ? cache.remember(`states:${country}:${stateListUrl}`, load) : load();
}

/** The country's states, each with its cities as links (spec section 2, State list page). */
export const locationsPageStateList = definePageType({
  type: STATE_LIST_TYPE,
  label: 'Locations: state list',
  contentSchema: stateListContentSchema,
  streamFields: [],
  parentTypes: ['HomePage'],
  routable: true,
  async load({ db, page, pageUrl }: LoaderContext) {
    const { country } = stateListContentSchema.parse(page.content);
    const url = pageUrl(page);
    // Checked here, on the server: the template trusts page.extra, so zod stays out of the browser.
    return stateListExtraSchema.parse({
      country: countryOf(country),
      // The directory changes only on import; the flush endpoint clears it on every dyno.
      states: await cachedStateDirectory(db, country, url),
      otherCountries: await otherCountries(db, country),
    });
  },
});

/**
 * The locations map page (spec section 2): a search form and the nearest restaurants, rendered
 * on the server from ?q= (or ?latitude=&longitude=) so the list works without the map or JS.
 */
export const locationsPageMap = definePageType({
  type: 'LocationsPageMap',
  label: 'Locations: map',
  contentSchema: z.object({}),
  streamFields: [],
  parentTypes: [STATE_LIST_TYPE],
  routable: true,
  load: async ({ db, query }: LoaderContext) =>
    mapPageExtraSchema.parse({ ...(await mapSearch(db, query)), mapStyleUrl: currentLocationsRuntime()?.mapStyleUrl ?? null, mapCssUrl: MAP_CSS_URL }),
});
