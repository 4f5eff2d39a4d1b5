import * as z from 'zod';
import type { Db } from '../../db';
import { MAP_RADIUS_MILES, MAP_RESULT_LIMIT, toMapResults } from '../../../shared/locations/map-results';
import type { MapPageExtra } from '../../../shared/schemas/locations';
import { MAX_GEOCODE_QUERY_CHARS } from '../../../shared/schemas/locations';
import { OfflineGazetteerGeocoder, type GeocodeOptions, type Geocoder } from './geocoder';
import { locationsForPlace, nearbyLocations } from './service';

const mapQuerySchema = z.object({
  // Overlong text is still a search (that finds nothing), not a page without one.
  q: z.string().trim().max(MAX_GEOCODE_QUERY_CHARS).optional().catch(undefined),
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
  options: GeocodeOptions = {},
): Promise<Omit<MapPageExtra, 'mapStyleUrl' | 'mapCssUrl' | 'countries'>> {
  const parsed = mapQuerySchema.parse(query);
  // Coordinates that do not parse are still a search (it finds nothing and says so); a first
  // visit, with neither, is not one and shows no error.
  const searched =
    Boolean(parsed.q) ||
    (parsed.latitude !== undefined && parsed.longitude !== undefined) ||
    hasValue(query.latitude) ||
    hasValue(query.longitude);
  const nothing = { q: parsed.q ?? '', searched, currentLocation: null, results: [] };
  const shown = { radius: MAP_RADIUS_MILES, limit: MAP_RESULT_LIMIT };
  let list;
  if (parsed.q) {
    // A state or province lists the restaurants in it, not only those near its centre.
    const [first] = await geocoder.geocode(parsed.q, options);
    if (!first) return nothing;
    list = await locationsForPlace(db, first, shown);
  } else if (parsed.latitude !== undefined && parsed.longitude !== undefined) {
    list = await nearbyLocations(db, { latitude: parsed.latitude, longitude: parsed.longitude, ...shown });
  } else return nothing;
  return {
    q: parsed.q ?? '',
    searched,
    currentLocation: list.currentLocation,
    results: toMapResults(list.locations),
  };
}
