import { z } from 'zod';
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
    z.looseObject({ geometry: z.object({ location: z.object({ lat: z.number(), lng: z.number() }) }).optional() }),
  ),
});

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

/** The first geocoder result's point, or null when it has none (logged, nothing changes). */
export async function geocodeQuery(query: string, signal?: AbortSignal): Promise<LatLng | null> {
  const { results } = await getJson(
    `/api/location/geocode/?${new URLSearchParams({ q: query })}`,
    geocodeAnswerSchema,
    signal,
  );
  const location = results[0]?.geometry?.location;
  if (!location) {
    console.warn('Result has no geometry info');
    return null;
  }
  return { latitude: location.lat, longitude: location.lng };
}

export function nearbyLocations(centre: LatLng, signal?: AbortSignal): Promise<LocationListResponse> {
  const params = new URLSearchParams({
    latitude: String(centre.latitude),
    longitude: String(centre.longitude),
    radius: String(PICKER_RADIUS_MILES),
    limit: String(PICKER_RESULT_LIMIT),
  });
  return getJson(`/api/location/getlocations/?${params}`, locationListResponseSchema, signal);
}
