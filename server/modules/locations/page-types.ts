import * as z from 'zod';
import { listSites } from '../sites/repo';
import { loadSiteTree, publicPath } from '../pages/site-tree';
import * as pagesRepo from '../pages/repo';
import { definePageType, type LoaderContext } from '../pages/page-type';
import type { Db } from '../../db';
import type { Site } from '../sites/table';
import type { Page } from '../pages/table';
import { STEP_LENGTH } from '../../tree-path';
import { stateDirectory } from './directory';
import { mapSearch } from './map-search';
import { countryOfLanguage } from '../../../shared/locations/site-country';
import { quickSearch } from './quick-search';
import { mapPageExtraSchema, stateListExtraSchema } from '../../../shared/schemas/locations';
import { snippetsCacheFor } from '../snippets/public-cache';
import { listLocales } from '../sites/repo';
import { MAP_CSS_URL } from './map-assets';
import { currentLocationsRuntime } from './runtime';
import { tableMemoFor } from '../../cache/table-memo';

export const STATE_LIST_TYPE = 'LocationsPageStateList';

export const stateListContentSchema = z.object({
  /** Which country's restaurants this directory lists. */
  country: z.enum(['US', 'CA']),
});

/** A country as the directory pages show it: its printable name in the page's language (the country snippets). */
export async function countryOf(db: Db, code: string, languageCode: string) {
  return { code, printable_name: await snippetsCacheFor(db).countryName(code, languageCode) };
}

async function languageOf(db: Db, localeId: number): Promise<string> {
  return (
    (await tableMemoFor(db).read('locales', ['locales'], () => listLocales(db))).find(
      (locale) => locale.id === localeId,
    )?.language_code ?? 'en-US'
  );
}

const siteOrigin = (site: Site) => `//${site.hostname}${site.port === 80 || site.port === 443 ? '' : `:${site.port}`}`;

/** 'See {country} Locations': the live state list pages of the other countries, on any site. */
function otherCountries(db: Db, country: string, languageCode: string) {
  const tables = ['sites', 'pages', 'locales', 'snippet_countries'];
  return tableMemoFor(db).read(`other-countries ${country} ${languageCode}`, tables, () =>
    findOtherCountries(db, country, languageCode),
  );
}

async function findOtherCountries(db: Db, country: string, languageCode: string) {
  const found = new Map<string, { id: number; code: string; url: string; country: { printable_name: string } }>();
  for (const site of await listSites(db)) {
    const tree = await loadSiteTree(db, site);
    const root = tree.roots[0];
    if (!root) continue;
    const page = await pagesRepo.findLivePageOfType(db, STATE_LIST_TYPE, root.page.path);
    const parsed = stateListContentSchema.safeParse(page?.content);
    const path = page ? publicPath(tree, page) : null;
    if (!page || !parsed.success || !path || parsed.data.country === country || found.has(parsed.data.country))
      continue;
    found.set(parsed.data.country, {
      id: page.id,
      code: parsed.data.country,
      url: `${siteOrigin(site)}${path}`,
      country: { printable_name: (await countryOf(db, parsed.data.country, languageCode)).printable_name },
    });
  }
  return [...found.values()];
}

export function cachedStateDirectory(db: Db, country: string, stateListUrl: string, languageCode: string) {
  const cache = currentLocationsRuntime()?.cache;
  const load = () => stateDirectory(db, country, stateListUrl, languageCode);
  return cache ? cache.remember(`states:${country}:${stateListUrl}:${languageCode}`, load) : load();
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
    const languageCode = await languageOf(db, page.locale_id);
    // Checked here, on the server: the template trusts page.extra, so zod stays out of the browser.
    return stateListExtraSchema.parse({
      country: await countryOf(db, country, languageCode),
      // The directory changes only on import; the flush endpoint clears it on every dyno.
      states: await cachedStateDirectory(db, country, url, languageCode),
      otherCountries: await otherCountries(db, country, languageCode),
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
  load: async ({ db, query, site, page, pageUrl }: LoaderContext) => {
    const runtime = currentLocationsRuntime();
    const mapStyleUrl = runtime?.mapStyleFor ? await runtime.mapStyleFor(site.id) : (runtime?.mapStyleUrl ?? null);
    const country = countryOfLanguage(await languageOf(db, page.locale_id));
    const found = await mapSearch(db, query, undefined, { country });
    const countries = found.searched ? [] : await countryDirectories(db, page, pageUrl);
    return mapPageExtraSchema.parse({ ...found, countries, mapStyleUrl, mapCssUrl: MAP_CSS_URL });
  },
});

/**
 * The map page's first visit offers the directories: its own parent (this site's state list,
 * in the page's language) first, then the other countries' sites.
 */
async function countryDirectories(db: Db, page: Page, pageUrl: LoaderContext['pageUrl']) {
  const parent = await pagesRepo.findPageByPath(db, page.path.slice(0, -STEP_LENGTH));
  const parsed = stateListContentSchema.safeParse(parent?.content);
  if (!parent || !parent.live || parent.page_type !== STATE_LIST_TYPE || !parsed.success) return [];
  const languageCode = await languageOf(db, page.locale_id);
  const own = await countryOf(db, parsed.data.country, languageCode);
  const others = await otherCountries(db, parsed.data.country, languageCode);
  return [
    { code: own.code, name: own.printable_name, url: pageUrl(parent) },
    ...others.map((other) => ({ code: other.code, name: other.country.printable_name, url: other.url })),
  ];
}

/**
 * The not-found page carries the quick search: a visitor who hit a dead link can still find a
 * restaurant. It is this module's page type: the page tree answers a path nothing matched with
 * the language root's live page of type 'Error404', whoever defines it.
 */
export const error404Page = definePageType({
  type: 'Error404',
  label: 'Not-found page',
  contentSchema: z.object({}),
  streamFields: [],
  parentTypes: ['HomePage', 'RedirectPage'],
  routable: true,
  load: ({ db, query }) => quickSearch(db, query),
});
