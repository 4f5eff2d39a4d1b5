import * as z from 'zod';
import type { Db } from '../../db';
import { QUICK_SEARCH_LIMIT, SEARCH_RADIUS_MILES } from '../../../shared/locations/search-limits';
import {
  MAX_GEOCODE_QUERY_CHARS,
  quickSearchExtraSchema,
  type QuickSearchExtra,
} from '../../../shared/schemas/locations';
import { OfflineGazetteerGeocoder, type Geocoder } from './geocoder';
import { locationsForPlace } from './service';

const querySchema = z.object({ q: z.string().trim().max(MAX_GEOCODE_QUERY_CHARS).optional().catch(undefined) });
const defaultGeocoder = new OfflineGazetteerGeocoder();

/**
 * The quick search of the not-found page: the four restaurants nearest the place typed, within
 * 200 miles (spec section 9). Rendered on the server from ?q=, so it needs no script; anything
 * unusable in the query is simply no search.
 */
export async function quickSearch(
  db: Db,
  query: Record<string, unknown>,
  geocoder: Geocoder = defaultGeocoder,
): Promise<QuickSearchExtra> {
  const q = querySchema.parse(query).q ?? '';
  if (!q) return { q, searched: false, results: [] };
  const [first] = await geocoder.geocode(q);
  if (!first) return { q, searched: true, results: [] };
  const list = await locationsForPlace(db, first, { radius: SEARCH_RADIUS_MILES, limit: QUICK_SEARCH_LIMIT });
  return quickSearchExtraSchema.parse({
    q,
    searched: true,
    results: list.locations.map(({ distance, location }) => ({
      distance,
      location,
      localPageUrl: location.localPageURL ? `/seafood-restaurants/locations/${location.localPageURL}` : null,
    })),
  });
}
