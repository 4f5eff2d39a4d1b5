import type { Db } from '../db';
import { STATE_LIST_TYPE } from '../modules/locations/page-types';
import { createPage } from '../modules/pages/service';
import type { Page } from '../modules/pages/table';
import { countLocations, insertLocations } from '../modules/locations/repo';
import { demoLocations } from './location-demo-data';

/**
 * Seeds the demo restaurants once: a database that already has locations is left alone.
 * `countryRoots` is each country's site origin: Canadian restaurants carry the Canada site as
 * their countryRootURL, so their order link goes there from any site (spec section 2).
 */
export async function seedDemoLocations(
  db: Db,
  countryRoots: Partial<Record<'US' | 'CA', string>> = {},
): Promise<number> {
  if ((await countLocations(db)) > 0) return 0;
  const rows = demoLocations().map((row) => {
    const root = row.country === 'CA' ? countryRoots.CA : undefined;
    return root ? { ...row, country_root_url: root } : row;
  });
  await insertLocations(db, rows);
  return rows.length;
}

type StateListSeed = { home: Page; country: 'US' | 'CA'; title: string; mapTitle: string; translationOf?: Page };

/**
 * The /locations/ state list page of each site with its /locations/map/ child (and their French
 * translations on the Canada site). Returns the state list pages.
 */
export async function seedLocationPages(db: Db, userId: number, homes: StateListSeed[]): Promise<Page[]> {
  const created: Page[] = [];
  for (const seed of homes) {
    const stateList = await createPage(db, {
      parentId: seed.home.id,
      pageType: STATE_LIST_TYPE,
      title: seed.title,
      slug: 'locations',
      content: { country: seed.country },
      localeId: seed.home.locale_id,
      translationKey: seed.translationOf?.translation_key,
      userId,
      publish: true,
    });
    await createPage(db, {
      parentId: stateList.id,
      pageType: 'LocationsPageMap',
      title: seed.mapTitle,
      slug: 'map',
      content: {},
      localeId: seed.home.locale_id,
      userId,
      publish: true,
    });
    created.push(stateList);
  }
  return created;
}
