import { z } from 'zod';
import type { Db } from '../../db';
import { MAP_RADIUS_MILES, MAP_RESULT_LIMIT, toMapResults } from '../../../shared/locations/map-results';
import type { MapPageExtra } from '../../../shared/schemas/locations';
import { OfflineGazetteerGeocoder, type Geocoder } from './geocoder';
import { nearbyLocations } from './service';

const mapQuerySchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  latitude: z.coerce.number().min(-90).max(90).optional().catch(undefined),
  longitude: z.coerce.number().min(-180).max(180).optional().catch(undefined),
});

const defaultGeocoder = new OfflineGazetteerGeocoder();

const hasValue = (value: unknown) => value !== undefined && value !== '';

/**
 * Runs the map page's search on the server, so the list is complete before any script (and
 * without the map). An entered place wins over coordinates; unusable input is an empty search.
 */
export async function mapSearch(
  db: Db,
  query: Record<string, unknown>,
  geocoder: Geocoder = defaultGeocoder,
): Promise<Omit<MapPageExtra, 'mapStyleUrl' | 'mapCssUrl' | 'countries'>> {
  const parsed = mapQuerySchema.parse(query);
  let centre: { latitude: number; longitude: number } | undefined;
  if (parsed.q) {
    const [first] = await geocoder.geocode(parsed.q);
    if (first) centre = { latitude: first.geometry.location.lat, longitude: first.geometry.location.lng };
  } else if (parsed.latitude !== undefined && parsed.longitude !== undefined) {
    centre = { latitude: parsed.latitude, longitude: parsed.longitude };
  }
  // Coordinates that do not parse are still a search (it finds nothing and says so); a first
  // visit, with neither, is not one and shows no error.
  const searched = Boolean(parsed.q) || centre !== undefined || hasValue(query.latitude) || hasValue(query.longitude);
  if (!centre) return { q: parsed.q ?? '', searched, currentLocation: null, results: [] };
  const list = await nearbyLocations(db, { ...centre, radius: MAP_RADIUS_MILES, limit: MAP_RESULT_LIMIT });
  return {
    q: parsed.q ?? '',
    searched,
    currentLocation: list.currentLocation,
    results: toMapResults(list.locations),
  };
}
