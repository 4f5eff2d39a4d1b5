import * as z from 'zod';
import { locationListResponseSchema, type LocationListResponse } from '../../../shared/schemas/locations';
import type { LatLng } from '../../../shared/locations/geo';

/** Spec section 9: the header list searches 200 miles around the point and shows 26 at most. */
export const PICKER_RADIUS_MILES = 200;
export const PICKER_RESULT_LIMIT = 26;

/**
 * Server data that fails its schema raises an error carrying the validation report, and the
 * report is logged (spec sections 5 and 8).
 */
export class PickerDataError extends Error {
  constructor(readonly report: string) {
    super(`Location data failed validation: ${report}`);
    this.name = 'PickerDataError';
  }
}

/**
 * Only the first result's geometry matters here, and a result may lack it (a hosted geocoder
 * answering with a partial match): that is the logged 'no geometry' case, not a data error.
 */
const geocodeAnswerSchema = z.object({
  results: z.array(
    z.looseObject({
      kind: z.string().optional(),
      state: z.string().optional(),
      country: z.string().optional(),
      geometry: z.object({ location: z.object({ lat: z.number(), lng: z.number() }) }).optional(),
    }),
  ),
});

/** Where to search: a point, and for a state or province the region whose restaurants to list. */
export type SearchCentre = LatLng & { region?: { state: string; country: string } };

async function getJson<T extends z.ZodType>(url: string, schema: T, signal?: AbortSignal): Promise<z.infer<T>> {
  const response = await fetch(url, { headers: { Accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const parsed = schema.safeParse(await response.json());
  if (!parsed.success) {
    const error = new PickerDataError(z.prettifyError(parsed.error));
    console.warn(error.message);
    throw error;
  }
  return parsed.data;
}

/**
 * The first geocoder result's point (with its region when it is a state or province), or null
 * when it has none (logged, nothing changes). `country` is the visitor's site's: its places rank first.
 */
export async function geocodeQuery(
  query: string,
  signal?: AbortSignal,
  country?: 'US' | 'CA',
): Promise<SearchCentre | null> {
  const params = new URLSearchParams({ q: query, ...(country ? { country } : {}) });
  const { results } = await getJson(`/api/location/geocode/?${params}`, geocodeAnswerSchema, signal);
  const first = results[0];
  const location = first?.geometry?.location;
  if (!location) {
    console.warn('Result has no geometry info');
    return null;
  }
  const centre: SearchCentre = { latitude: location.lat, longitude: location.lng };
  if (first.kind === 'region' && first.state && first.country)
    centre.region = { state: first.state, country: first.country };
  return centre;
}

/** The nearest restaurants within the picker's radius, or every one in the searched state or province. */
export function nearbyLocations(centre: SearchCentre, signal?: AbortSignal): Promise<LocationListResponse> {
  const params = new URLSearchParams({
    latitude: String(centre.latitude),
    longitude: String(centre.longitude),
    radius: String(PICKER_RADIUS_MILES),
    limit: String(PICKER_RESULT_LIMIT),
    ...(centre.region ?? {}),
  });
  return getJson(`/api/location/getlocations/?${params}`, locationListResponseSchema, signal);
}
