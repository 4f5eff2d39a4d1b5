import type { Db } from '../../db';
import { specialHoursSchema, type ContentLocation, type StateDirectoryEntry } from '../../../shared/schemas/locations';
import { toContentLocation, specialHoursOf, weeklyHoursOf } from './mapping';
import { regionNameIn } from '../../../shared/locations/region-names';
import * as repo from './repo';
import type { LocationRow } from './table';

/**
 * The browsable directory under a country's state list page (spec section 2):
 * {stateListUrl}list/{state_slug}/{city_slug}/{line1_slug}/.
 */
export const cityUrl = (stateListUrl: string, row: Pick<LocationRow, 'state_slug' | 'city_slug'>) =>
  `${stateListUrl}list/${row.state_slug}/${row.city_slug}/`;
export const locationUrl = (stateListUrl: string, row: Pick<LocationRow, 'state_slug' | 'city_slug' | 'line1_slug'>) =>
  `${cityUrl(stateListUrl, row)}${row.line1_slug}/`;

/** States in the page's language, in that language's alphabetical order ('Colombie-Britannique' after 'Alberta'). */
export async function stateDirectory(
  db: Db,
  country: string,
  stateListUrl: string,
  languageCode: string,
): Promise<StateDirectoryEntry[]> {
  const states = new Map<string, StateDirectoryEntry>();
  for (const row of await repo.listCities(db, country)) {
    const name = regionNameIn(country, row.state, languageCode, row.state_name);
    const state = states.get(row.state_slug) ?? { name, slug: row.state_slug, cities: [] };
    state.cities.push({ name: row.city, slug: row.city_slug, url: cityUrl(stateListUrl, row) });
    states.set(row.state_slug, state);
  }
  return [...states.values()].sort((a, b) => a.name.localeCompare(b.name, languageCode));
}

export type CityListing = {
  state: { code: string; name: string; slug: string };
  city: { name: string; slug: string };
  locations: ContentLocation[];
};

export async function cityListing(
  db: Db,
  country: string,
  stateListUrl: string,
  stateSlug: string,
  citySlug: string,
  languageCode: string,
): Promise<CityListing | undefined> {
  const rows = await repo.findInCity(db, country, stateSlug, citySlug);
  const first = rows[0];
  if (!first) return undefined;
  return {
    state: {
      code: first.state,
      name: regionNameIn(country, first.state, languageCode, first.state_name),
      slug: first.state_slug,
    },
    city: { name: first.city, slug: first.city_slug },
    locations: rows.map((row) => toContentLocation(row, locationUrl(stateListUrl, row))),
  };
}

export async function locationPage(
  db: Db,
  country: string,
  stateListUrl: string,
  path: { stateSlug: string; citySlug: string; line1Slug: string },
) {
  const row = await repo.findByDirectoryPath(db, country, path);
  if (!row) return undefined;
  return {
    row,
    location: toContentLocation(row, locationUrl(stateListUrl, row)),
    specialHours: specialHoursSchema.array().parse(specialHoursOf(row)),
    weeklyHours: weeklyHoursOf(row),
    cityUrl: cityUrl(stateListUrl, row),
  };
}
