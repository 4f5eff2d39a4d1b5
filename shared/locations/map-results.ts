import type { LocationListResponse, MapPageExtra } from '../schemas/locations';
import { orderUrl } from './links';

/**
 * The map page's search (spec section 9): radius 200 miles, 26 results, one marker letter each.
 * Zod-free: the browser builds the same entries from the getlocations answer.
 */
export const MAP_RADIUS_MILES = 200;
export const MAP_RESULT_LIMIT = 26;
export const MAP_ZOOM = 10;

/** Marker letters run A to Z and wrap around. */
export const markerLetter = (index: number) => String.fromCharCode(65 + (index % 26));

export function toMapResults(locations: LocationListResponse['locations']): MapPageExtra['results'] {
  return locations.map(({ distance, location }, index) => ({
    letter: markerLetter(index),
    distance,
    location,
    localPageUrl: location.localPageURL ? `/seafood-restaurants/locations/${location.localPageURL}` : null,
    orderUrl: location.hasOnlineOrdering ? orderUrl(location.rlid, location.countryRootURL) : null,
  }));
}
