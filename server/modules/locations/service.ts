import type * as z from 'zod';
import type { Db } from '../../db';
import { notFound } from '../../errors';
import {
  geocodeResponseSchema,
  locationListResponseSchema,
  locationSchema,
  type Location,
  type LocationListResponse,
  type GeocodeResult,
  type NearbyQuery,
} from '../../../shared/schemas/locations';
import type { GeocodeOptions, Geocoder } from './geocoder';
import { toApiLocation, type ApiLocationRow } from './mapping';
import * as nearbyRepo from './nearby-repo';
import * as repo from './repo';
import { liveWaits, type LiveWait } from './live-waits';

/**
 * Spec section 5: server data that fails the shared schema raises an error carrying the
 * validation report (the error middleware logs it and answers 500 without the details).
 */
export class LocationDataError extends Error {
  constructor(readonly report: string) {
    super(`Location data failed validation: ${report}`);
    this.name = 'LocationDataError';
  }
}

function validated<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new LocationDataError(result.error.message);
  return result.data;
}

export async function nearbyLocations(db: Db, query: NearbyQuery): Promise<LocationListResponse> {
  const centre = { latitude: query.latitude, longitude: query.longitude };
  const rows =
    query.state && query.country
      ? await nearbyRepo.findInRegion(db, { country: query.country, state: query.state }, centre, query.limit)
      : await nearbyRepo.findNearby(db, centre, query.radius, query.limit);
  const waits = await liveWaits(db, rows);
  return validated(locationListResponseSchema, {
    totalLocations: rows[0]?.total ?? 0,
    locations: rows.map(({ distance, total: _total, ...row }) => ({
      distance: Number(distance),
      location: withLiveWait(row, waits),
    })),
    currentLocation: centre,
  });
}

export async function locationByRlid(db: Db, rlid: number): Promise<Location> {
  const row = await repo.findByRlid(db, rlid);
  if (!row) throw notFound(`No location has rlid ${rlid}`);
  return validated(locationSchema, withLiveWait(row, await liveWaits(db, [row])));
}

/**
 * The API location with the wait list as it is now (issue 14): estimatedWaitTime from the live
 * queue (or why there is no number), waitListReady false while the host stand has paused it.
 */
function withLiveWait(row: ApiLocationRow, waits: Map<number, LiveWait>): Location {
  const location = toApiLocation(row);
  const live = waits.get(row.rlid);
  if (!live) return location;
  if (row.wait_list_ready !== null) location.waitListReady = live.waitListReady;
  if (live.estimatedWaitTime === undefined) delete location.estimatedWaitTime;
  else location.estimatedWaitTime = live.estimatedWaitTime;
  return location;
}

export async function geocode(geocoder: Geocoder, query: string, options: GeocodeOptions = {}) {
  return validated(geocodeResponseSchema, { results: await geocoder.geocode(query, options) });
}

/**
 * The restaurants for a geocoded place: within `radius` of a city or postal code, or every
 * restaurant IN a state or province (nearest its centre first), as the finder API answers both.
 */
export function locationsForPlace(
  db: Db,
  place: GeocodeResult,
  list: { radius: number; limit: number },
): Promise<LocationListResponse> {
  const centre = { latitude: place.geometry.location.lat, longitude: place.geometry.location.lng };
  const { kind, state, country } = place;
  const inRegion = kind === 'region' && (country === 'US' || country === 'CA');
  return nearbyLocations(db, { ...centre, ...list, ...(inRegion ? { state, country } : {}) });
}

/** The restaurant whose local page URL this is (the spec's /seafood-restaurants/locations/{localPageURL}). */
export function locationByLocalPageUrl(db: Db, localPageUrl: string) {
  return repo.findByLocalPageUrl(db, localPageUrl);
}
