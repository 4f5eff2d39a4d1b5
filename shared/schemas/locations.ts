import * as z from 'zod';

/**
 * Location shapes of spec section 3, shared by the API (every response is parsed with them
 * before it is sent) and the browser (which parses what it receives).
 */

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Expected a time as HH:MM (24-hour)');

/** One weekly entry. A close earlier than the open means the restaurant closes after midnight. */
export const dayHoursSchema = z.object({
  dayOfWeek: z.number().int().min(0).max(6),
  open: timeOfDay,
  close: timeOfDay,
});
export type DayHours = z.infer<typeof dayHoursSchema>;

/** A holiday or special day, in the restaurant's local calendar: closed, or other hours. */
export const specialHoursSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  label: z.string(),
  closed: z.boolean(),
  open: timeOfDay.optional(),
  close: timeOfDay.optional(),
});
export type SpecialHours = z.infer<typeof specialHoursSchema>;

export const locationSchema = z.object({
  rlid: z.number().int(),
  restaurantNumber: z.string(),
  address1: z.string(),
  address2: z.string().optional(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  countryRootURL: z.string().optional(),
  zip: z.string(),
  longitude: z.number(),
  latitude: z.number(),
  hours: z.array(dayHoursSchema),
  curbsideHours: z.array(dayHoursSchema),
  deliveryHours: z.array(dayHoursSchema),
  phone: z.string(),
  hasCurbside: z.boolean(),
  hasDelivery: z.boolean(),
  hasOnlineOrdering: z.boolean(),
  hasTakeOut: z.boolean(),
  isDiningRoomOpened: z.boolean(),
  isTemporarilyClosed: z.boolean(),
  outsideDining: z.boolean(),
  isReservationsEnabled: z.boolean(),
  localPageURL: z.string().optional(),
  estimatedWaitTime: z.string().optional(),
  waitListMaxPartySize: z.number().optional(),
  waitListReady: z.boolean().optional(),
  // Extensions beyond the spec's list (optional, so a client reading only the spec's fields is
  // unaffected): the hours line must be computed in the restaurant's own time zone.
  timeZone: z.string().optional(),
  specialHours: z.array(specialHoursSchema).optional(),
  reopenDate: z.string().optional(),
});
export type Location = z.infer<typeof locationSchema>;

export const currentLocationSchema = z.object({ latitude: z.number(), longitude: z.number() });

export const locationListResponseSchema = z.object({
  totalLocations: z.number(),
  locations: z.array(z.object({ distance: z.number(), location: locationSchema })),
  currentLocation: currentLocationSchema.nullable(),
});
export type LocationListResponse = z.infer<typeof locationListResponseSchema>;

// ---- Query parameters (Express hands over strings, or arrays when a key repeats) ----

const decimal = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} must be a single number` })
    .trim()
    .regex(/^[-+]?(\d+\.?\d*|\.\d+)$/, `${label} must be a number`)
    .transform(Number)
    .pipe(z.number().min(min, `${label} must be at least ${min}`).max(max, `${label} must be at most ${max}`));

export const MAX_RADIUS_MILES = 500;
export const MAX_LOCATION_LIMIT = 50;
export const DEFAULT_RADIUS_MILES = 200;
export const DEFAULT_LOCATION_LIMIT = 26;

export const nearbyQuerySchema = z
  .strictObject({
    latitude: decimal('latitude', -90, 90),
    longitude: decimal('longitude', -180, 180),
    radius: decimal('radius', 0, MAX_RADIUS_MILES).optional().default(DEFAULT_RADIUS_MILES),
    limit: z
      .string({ error: 'limit must be a single whole number' })
      .trim()
      .regex(/^\d+$/, 'limit must be a whole number')
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(1, 'limit must be at least 1')
          .max(MAX_LOCATION_LIMIT, `limit must be at most ${MAX_LOCATION_LIMIT}`),
      )
      .optional()
      .default(DEFAULT_LOCATION_LIMIT),
    /**
     * A region search (issue 29): with `country`, lists the restaurants IN this state or province,
     * nearest the point first, whatever their distance (the radius does not apply).
     */
    state: z
      .string({ error: 'state must be a single code' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'state must be a two-letter state or province code')
      .optional(),
    country: z.enum(['US', 'CA'], { error: 'country must be US or CA' }).optional(),
  })
  .refine((query) => (query.state === undefined) === (query.country === undefined), {
    message: 'state and country go together',
    path: ['state'],
  });
export type NearbyQuery = z.infer<typeof nearbyQuerySchema>;

export const locationQuerySchema = z.strictObject({
  rlid: z
    .string({ error: 'rlid must be a single id' })
    .trim()
    .regex(/^\d{1,9}$/, 'rlid must be a whole number')
    .transform(Number),
});

/** The geocoder reads at most this many characters of a query; longer text is simply 'nothing found'. */
export const MAX_GEOCODE_QUERY_CHARS = 2000;

export const geocodeQuerySchema = z.strictObject({
  q: z
    .string({ error: 'q must be a single text value' })
    .trim()
    .min(1, 'q is required')
    .max(MAX_GEOCODE_QUERY_CHARS, 'q is too long'),
  /** The visitor's country (their site's): its places rank first among places of one name. */
  country: z.enum(['US', 'CA'], { error: 'country must be US or CA' }).optional(),
});

/** A geocoder answer, shaped like hosted geocoders' (first result's geometry.location is used). */
export const geocodeResultSchema = z.object({
  label: z.string(),
  /** 'region': a state, province or territory; `state` is its code and `city` is empty. */
  kind: z.enum(['zip', 'postal-prefix', 'city', 'region']),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  population: z.number().optional(),
  geometry: z.object({ location: z.object({ lat: z.number(), lng: z.number() }) }),
});
export type GeocodeResult = z.infer<typeof geocodeResultSchema>;
export const geocodeResponseSchema = z.object({ results: z.array(geocodeResultSchema) });

// ---- Location on content pages (spec section 3) ----

export const contentLocationSchema = z.object({
  id: z.number(),
  rlid: z.number(),
  url: z.string(),
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.object({ national: z.string() }),
  location: z.object({ lat: z.number(), lng: z.number() }),
  map_image_url_mobile: z.string().nullable(),
  map_image_url_desktop: z.string().nullable(),
  has_online_ordering: z.boolean(),
  countryRootURL: z.string().nullable(),
  hours: z.array(
    z.object({
      type_name: z.string(),
      days: z.array(z.object({ day_name: z.string(), hours: z.string() })),
    }),
  ),
});
export type ContentLocation = z.infer<typeof contentLocationSchema>;

/** State directory entry (spec section 3). */
export const stateDirectoryEntrySchema = z.object({
  name: z.string(),
  slug: z.string(),
  cities: z.array(z.object({ name: z.string(), slug: z.string(), url: z.string() })),
});
export type StateDirectoryEntry = z.infer<typeof stateDirectoryEntrySchema>;

// ---- What the directory page loaders hand to the templates (page.extra) ----

const countrySchema = z.object({ code: z.string(), printable_name: z.string() });

export const stateListExtraSchema = z.object({
  country: countrySchema,
  states: z.array(stateDirectoryEntrySchema),
  otherCountries: z.array(
    z.object({ id: z.number(), url: z.string(), country: z.object({ printable_name: z.string() }) }),
  ),
});

export const cityListExtraSchema = z.object({
  country: countrySchema,
  stateListUrl: z.string(),
  state: z.object({ code: z.string(), name: z.string(), slug: z.string() }),
  city: z.object({ name: z.string(), slug: z.string() }),
  locations: z.array(contentLocationSchema),
});

export const locationPageExtraSchema = z.object({
  country: countrySchema,
  stateListUrl: z.string(),
  cityUrl: z.string(),
  location: contentLocationSchema,
  specialHours: z.array(specialHoursSchema),
  /** The dining room's weekly hours as times, printed in the page's language (location.hours holds English text). */
  weeklyHours: z.array(dayHoursSchema),
  directionsUrl: z.string(),
  orderUrl: z.string().nullable(),
});

export const mapPageExtraSchema = z.object({
  q: z.string(),
  /** MAP_STYLE_URL; null draws the map on a plain local background with no tiles (offline). */
  mapStyleUrl: z.string().nullable(),
  /** maplibre-gl's stylesheet, linked by the map chunk so no other page loads it. */
  mapCssUrl: z.string(),
  /** Whether the visitor searched (an empty list is then 'Please enter a valid city...'). */
  searched: z.boolean(),
  /** Before a search: each country's directory of states or provinces (this site's first). */
  countries: z.array(z.object({ code: z.string(), name: z.string(), url: z.string() })),
  currentLocation: currentLocationSchema.nullable(),
  results: z.array(
    z.object({
      /** Marker letter, A to Z and wrapping (spec section 9). */
      letter: z.string(),
      distance: z.number(),
      location: locationSchema,
      localPageUrl: z.string().nullable(),
      orderUrl: z.string().nullable(),
    }),
  ),
});
export type MapPageExtra = z.infer<typeof mapPageExtraSchema>;

/**
 * The not-found page's quick search (spec section 9: quick search 4, radius 200): the place
 * typed (?q=), whether one was typed, and the nearest restaurants with their local page.
 */
export const quickSearchExtraSchema = z.object({
  q: z.string(),
  searched: z.boolean(),
  results: z
    .array(z.object({ distance: z.number(), location: locationSchema, localPageUrl: z.string().nullable() }))
    .max(4),
});
export type QuickSearchExtra = z.infer<typeof quickSearchExtraSchema>;
export type StateListExtra = z.infer<typeof stateListExtraSchema>;
export type CityListExtra = z.infer<typeof cityListExtraSchema>;
export type LocationPageExtra = z.infer<typeof locationPageExtraSchema>;
