import zipcodes from 'zipcodes';
import type { GeocodeResult } from '../../../shared/schemas/locations';
import {
  gazetteer,
  largestPlaces,
  type Country,
  type Gazetteer,
  type GazetteerPlace,
  type GazetteerRegion,
} from './gazetteer';
import { placeKey, placeWords, wordsKey } from './place-key';
import { provinceOfPostalCode } from './regions';

export { placeKey } from './place-key';
export type { Country } from './gazetteer';

/** What the visitor's site tells about them: a US site's visitor means Portland, OR before Portland, ON. */
export type GeocodeOptions = { country?: Country };

/**
 * Turns free text into coordinates. The offline gazetteer below needs no key; a hosted
 * geocoder can implement the same interface and be passed to the routes instead.
 */
export interface Geocoder {
  geocode(query: string, options?: GeocodeOptions): Promise<GeocodeResult[]>;
}

export const MAX_GEOCODE_RESULTS = 5;
/** No place name is longer: longer text is 'nothing found' without being read. */
export const MAX_PLACE_QUERY_CHARS = 200;
/** A place of the visitor's country counts as if it were this many times larger. */
const PREFERRED_COUNTRY_WEIGHT = 10;
/** A city this large is meant before the state of the same name ('New York'); smaller ones after it ('Washington'). */
const CITY_BEFORE_REGION_POPULATION = 1_000_000;
/** 'City ST', 'City New Brunswick', 'City Northwest Territories': a region's name has at most this many words. */
const MAX_REGION_WORDS = 3;

const US_ZIP = /^(\d{5})(-?\d{4})?$/;
const CANADIAN_POSTAL = /^([a-z]\d[a-z])\s*(\d[a-z]\d)?$/i;
/** 'Orlando, FL 32801', 'Toronto ON M5V 3L9': a postal code at the end decides. */
const TRAILING_POSTAL = /[\s,](\d{5}(?:-\d{4})?|[a-z]\d[a-z](?:\s*\d[a-z]\d)?)$/i;

/** Where a qualifier ('FL', 'Florida', 'Canada') restricts the places of a name. */
type Qualifier = { region?: GazetteerRegion; country?: Country };

/** Gazetteer names that already carry their state: 'Washington, D.C., DC' reads badly. */
const DISPLAY_NAMES: Readonly<Record<string, string>> = { 'Washington, D.C.': 'Washington' };

type Candidate = { place: GazetteerPlace } | { region: GazetteerRegion };

export class OfflineGazetteerGeocoder implements Geocoder {
  async geocode(query: string, options: GeocodeOptions = {}): Promise<GeocodeResult[]> {
    return geocodeText(query, options);
  }
}

export function geocodeText(query: string, options: GeocodeOptions = {}): GeocodeResult[] {
  const text = query.trim();
  if (!text || text.length > MAX_PLACE_QUERY_CHARS) return [];
  const postal = postalCode(text) ?? postalCode(TRAILING_POSTAL.exec(text)?.[1] ?? '');
  if (postal) return postal;
  if (US_ZIP.test(text) || CANADIAN_POSTAL.test(text)) return [];
  return placeSearch(gazetteer(), text, options.country).slice(0, MAX_GEOCODE_RESULTS).map(toResult);
}

function postalCode(text: string): GeocodeResult[] | undefined {
  const zip = US_ZIP.exec(text);
  if (zip) {
    const hit = zipcodes.lookup(zip[1]!);
    if (!hit || hit.country !== 'US') return undefined;
    return [
      {
        label: `${hit.city}, ${hit.state} ${zip[1]}`,
        kind: 'zip',
        city: hit.city,
        state: hit.state,
        country: 'US',
        geometry: { location: { lat: hit.latitude, lng: hit.longitude } },
      },
    ];
  }
  const postal = CANADIAN_POSTAL.exec(text);
  if (!postal) return undefined;
  // The installed list knows forward sortation areas (the first three characters), not full codes.
  const fsa = postal[1]!.toUpperCase();
  const hit = zipcodes.lookup(fsa);
  if (!hit || hit.country !== 'Canada') return undefined;
  const state = gazetteer().regionsByKey.get(placeKey(hit.state))?.code ?? provinceOfPostalCode(fsa) ?? hit.state;
  // Canadian prefixes carry long neighbourhood lists as their "city": label with the prefix.
  return [
    {
      label: `${fsa}, ${state}`,
      kind: 'postal-prefix',
      city: fsa,
      state,
      country: 'CA',
      geometry: { location: { lat: hit.latitude, lng: hit.longitude } },
    },
  ];
}

/**
 * Every reading of the text, most specific first: a name qualified by a region or country
 * ('Portland, ME', 'Portland Maine', 'Toronto, Canada'), then the whole text as one name (a
 * region, or places ranked by population, the visitor's country counting more).
 */
function placeSearch(g: Gazetteer, text: string, country: Country | undefined): Candidate[] {
  const parts = text.split(',').map(placeWords);
  const found: Candidate[] = [];
  if (parts.length > 1) {
    const [name = [], ...rest] = parts;
    const qualifiers = rest.filter((words) => words.length > 0).map((words) => qualifierOf(g, words));
    if (qualifiers.some((q) => q === undefined)) return [];
    found.push(...qualified(g, name, qualifiers as Qualifier[], country));
  } else {
    const words = parts[0] ?? [];
    if (words.length === 0) return [];
    for (let size = 1; size <= Math.min(MAX_REGION_WORDS, words.length - 1); size += 1) {
      const qualifier = qualifierOf(g, words.slice(-size));
      if (qualifier) found.push(...qualified(g, words.slice(0, -size), [qualifier], country));
    }
    found.push(...wholeName(g, words, country));
  }
  if (found.length === 0 && parts.length === 1) found.push(...withoutCityWord(g, parts[0] ?? [], country));
  return unique(found);
}

function qualifierOf(g: Gazetteer, words: readonly string[]): Qualifier | undefined {
  const key = wordsKey(words);
  const region = g.regionsByKey.get(key);
  if (region) return { region };
  const country = g.countriesByKey.get(key);
  return country ? { country } : undefined;
}

function fits(candidate: { state?: string; code?: string; country: Country }, qualifier: Qualifier): boolean {
  if (qualifier.country && candidate.country !== qualifier.country) return false;
  return !qualifier.region || (candidate.state ?? candidate.code) === qualifier.region.code;
}

function qualified(g: Gazetteer, name: readonly string[], qualifiers: Qualifier[], country?: Country): Candidate[] {
  const key = wordsKey(name);
  const places = (g.placesByKey.get(key) ?? []).filter((place) => qualifiers.every((q) => fits(place, q)));
  const found: Candidate[] = ranked(places, country).map((place) => ({ place }));
  // 'Ontario, Canada', 'Georgia USA': a region named with its country.
  const region = g.regionsByKey.get(key);
  if (region && qualifiers.every((q) => !q.region && fits(region, q))) found.unshift({ region });
  return found;
}

function wholeName(g: Gazetteer, words: readonly string[], country?: Country): Candidate[] {
  const key = wordsKey(words);
  const places = ranked(g.placesByKey.get(key) ?? [], country);
  const region = g.regionsByKey.get(key);
  if (!region) return places.map((place) => ({ place }));
  const [largest] = [...places].sort((a, b) => b.population - a.population);
  const cityFirst = largest !== undefined && largest.population >= CITY_BEFORE_REGION_POPULATION;
  const rest = places.filter((place) => !cityFirst || place !== largest).map((place) => ({ place }));
  return cityFirst ? [{ place: largest }, { region }, ...rest] : [{ region }, ...rest];
}

/** 'Quebec City', 'Toronto city': the word 'city' is not part of every city's name. */
function withoutCityWord(g: Gazetteer, words: readonly string[], country?: Country): Candidate[] {
  if (words.length < 2 || words[words.length - 1] !== 'city') return [];
  return ranked(g.placesByKey.get(wordsKey(words.slice(0, -1))) ?? [], country).map((place) => ({ place }));
}

function ranked(places: readonly GazetteerPlace[], country?: Country): GazetteerPlace[] {
  const weight = (place: GazetteerPlace) =>
    place.population * (place.country === country ? PREFERRED_COUNTRY_WEIGHT : 1);
  return [...places].sort((a, b) => weight(b) - weight(a) || a.id - b.id);
}

function unique(candidates: Candidate[]): Candidate[] {
  const seen = new Set<string>();
  return candidates.filter((candidate) => {
    const id = 'place' in candidate ? `p${candidate.place.id}` : `r${candidate.region.code}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

function toResult(candidate: Candidate): GeocodeResult {
  if ('region' in candidate) {
    const { region } = candidate;
    return {
      label: region.name,
      kind: 'region',
      city: '',
      state: region.code,
      country: region.country,
      population: region.population,
      geometry: { location: { lat: region.lat, lng: region.lng } },
    };
  }
  const { place } = candidate;
  const name = DISPLAY_NAMES[place.name] ?? place.name;
  return {
    label: `${name}, ${place.state}`,
    kind: 'city',
    city: name,
    state: place.state,
    country: place.country,
    population: place.population,
    geometry: { location: { lat: place.lat, lng: place.lng } },
  };
}

/** Listed cities of a country, largest first (the demo data generator uses it). */
export const largestCities = largestPlaces;
