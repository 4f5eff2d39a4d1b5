/** Great-circle distances in miles: the nearby query's exact miles, for the server, tests and the browser. */

export const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_LATITUDE = 69.0;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

export type LatLng = { latitude: number; longitude: number };

export function haversineMiles(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
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

export type UnitVector = { x: number; y: number; z: number };

/** The point on the unit sphere: the same formula as the locations table's generated x, y, z. */
export function unitVector(point: LatLng): UnitVector {
  const lat = toRadians(point.latitude);
  const lng = toRadians(point.longitude);
  return { x: Math.cos(lat) * Math.cos(lng), y: Math.cos(lat) * Math.sin(lng), z: Math.sin(lat) };
}

/**
 * The squared straight-line (chord) distance on the unit sphere for a great-circle distance:
 * it grows with the distance, so "chord² <= this" is "within radiusMiles" and ordering by chord²
 * is ordering by distance, with three subtractions and multiplications per row instead of trig.
 * (Differences rather than a dot product keep the precision for restaurants a few feet apart.)
 */
export function chordSquared(radiusMiles: number): number {
  const angle = Math.min(Math.PI, radiusMiles / EARTH_RADIUS_MILES);
  return (2 * Math.sin(angle / 2)) ** 2;
}
