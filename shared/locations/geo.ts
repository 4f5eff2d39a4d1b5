/** Great-circle distances in miles: the same formula as the nearby SQL query, for tests and the browser. */

export const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_LATITUDE = 69.0;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

export type LatLng = { latitude: number; longitude: number };

export function haversineMiles(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type BoundingBox = { minLat: number; maxLat: number; minLng: number; maxLng: number };

/**
 * A latitude/longitude box that contains every point within `radiusMiles` of the centre, so an
 * index can discard far rows before the exact haversine. Near the poles or across the
 * antimeridian the longitude range opens up to the whole circle (never too narrow).
 */
export function boundingBox(centre: LatLng, radiusMiles: number): BoundingBox {
  const dLat = radiusMiles / MILES_PER_DEGREE_LATITUDE;
  const minLat = Math.max(-90, centre.latitude - dLat);
  const maxLat = Math.min(90, centre.latitude + dLat);
  const widestLat = Math.max(Math.abs(minLat), Math.abs(maxLat));
  const milesPerDegreeLng = MILES_PER_DEGREE_LATITUDE * Math.cos(toRadians(widestLat));
  const dLng = milesPerDegreeLng > 0.5 ? radiusMiles / milesPerDegreeLng : 360;
  const minLng = centre.longitude - dLng;
  const maxLng = centre.longitude + dLng;
  if (minLng < -180 || maxLng > 180) return { minLat, maxLat, minLng: -180, maxLng: 180 };
  return { minLat, maxLat, minLng, maxLng };
}
