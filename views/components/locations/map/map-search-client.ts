import type { LocationListResponse, MapPageExtra } from '../../../../shared/schemas/locations';
import { MAP_RADIUS_MILES, MAP_RESULT_LIMIT, toMapResults } from '../../../../shared/locations/map-results';
import { countryOfLanguage } from '../../../../shared/locations/site-country';

type Found = { results: MapPageExtra['results']; currentLocation: MapPageExtra['currentLocation'] };

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/**
 * The map page's client-side search (spec section 7): geocode the entered text, then the nearby
 * locator from the first result's geometry. A place the geocoder does not know finds no
 * restaurants (an empty list). A result without geometry is logged and changes nothing
 * (undefined); so does a failed request (logged only, spec section 8). The browser trusts
 * our own API's shapes (no zod in public bundles) but checks the fields it reads.
 */
export async function searchNearby(
  query: string,
  // The page's language says the visitor's country ('fr-CA': Canada), whose places rank first.
  country = countryOfLanguage(document.documentElement.lang),
): Promise<Found | undefined> {
  try {
    const asked = new URLSearchParams({ q: query, ...(country ? { country } : {}) });
    const geocoded = (await getJson(`/api/location/geocode/?${asked}`)) as {
      results?: Array<{
        kind?: unknown;
        state?: unknown;
        country?: unknown;
        geometry?: { location?: { lat?: unknown; lng?: unknown } };
      }>;
    };
    // No place by that name: nothing matches, and the page says so (spec sections 5 and 8).
    if (Array.isArray(geocoded.results) && geocoded.results.length === 0) return { results: [], currentLocation: null };
    const point = geocoded.results?.[0]?.geometry?.location;
    if (!point || typeof point.lat !== 'number' || typeof point.lng !== 'number') {
      console.warn('Result has no geometry info');
      return undefined;
    }
    // A state or province lists the restaurants in it, not only those near its centre.
    const first = geocoded.results?.[0];
    const region =
      first?.kind === 'region' && typeof first.state === 'string' && typeof first.country === 'string'
        ? { state: first.state, country: first.country }
        : undefined;
    return await nearbyList(point.lat, point.lng, region);
  } catch (error) {
    console.warn('Location search failed', error);
    return undefined;
  }
}

async function nearbyList(
  latitude: number,
  longitude: number,
  region?: { state: string; country: string },
): Promise<Found> {
  const params = new URLSearchParams({
    latitude: String(latitude),
    longitude: String(longitude),
    radius: String(MAP_RADIUS_MILES),
    limit: String(MAP_RESULT_LIMIT),
    ...region,
  });
  const list = (await getJson(`/api/location/getlocations/?${params}`)) as LocationListResponse;
  if (!Array.isArray(list.locations)) throw new Error('getlocations answered without a locations list');
  return { results: toMapResults(list.locations), currentLocation: list.currentLocation };
}

/** The restaurants around a point (the visitor's position); undefined when the request failed (logged). */
export async function searchAround(latitude: number, longitude: number): Promise<Found | undefined> {
  try {
    return await nearbyList(latitude, longitude);
  } catch (error) {
    console.warn('Location search failed', error);
    return undefined;
  }
}

/**
 * The restaurants around the visitor's saved restaurant (its rlid, as the picker keeps it), with
 * its name for the caption; undefined when there is none or it is gone (the page then offers
 * the country list).
 */
export async function searchAroundRestaurant(rlid: string): Promise<(Found & { place: string }) | undefined> {
  if (!/^\d{1,9}$/.test(rlid)) return undefined;
  try {
    const saved = (await getJson(`/api/location/getlocation?rlid=${rlid}`)) as {
      latitude?: unknown;
      longitude?: unknown;
      city?: unknown;
      state?: unknown;
    };
    if (typeof saved.latitude !== 'number' || typeof saved.longitude !== 'number') return undefined;
    const found = await nearbyList(saved.latitude, saved.longitude);
    return { ...found, place: `${String(saved.city ?? '')}, ${String(saved.state ?? '')}` };
  } catch (error) {
    console.warn('The saved restaurant could not be loaded', error);
    return undefined;
  }
}
