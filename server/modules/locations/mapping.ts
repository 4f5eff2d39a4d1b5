import { staticMapUrl } from '../../../shared/maps/base-map';
import { formatTime } from '../../../shared/locations/hours';
import type { ContentLocation, DayHours, Location, SpecialHours } from '../../../shared/schemas/locations';
import type { LocationRow } from './table';

/** jsonb arrives parsed from pg and PGlite; a string would mean a driver change. */
const jsonList = <T>(value: unknown): T[] =>
  Array.isArray(value) ? (value as T[]) : typeof value === 'string' ? (JSON.parse(value) as T[]) : [];

const optional = <T>(value: T | null): T | undefined => (value === null ? undefined : value);

/**
 * The columns the API's Location is made of (toApiLocation), which also cover the live wait
 * estimate's (WaitSubject). The nearby search reads only these; the slugs, map images, search
 * columns and timestamps stay in the table.
 */
export const API_LOCATION_COLUMNS = [
  'rlid',
  'restaurant_number',
  'address1',
  'address2',
  'city',
  'state',
  'country',
  'country_root_url',
  'zip',
  'latitude',
  'longitude',
  'time_zone',
  'hours',
  'curbside_hours',
  'delivery_hours',
  'special_hours',
  'phone',
  'has_curbside',
  'has_delivery',
  'has_online_ordering',
  'has_take_out',
  'is_dining_room_opened',
  'is_temporarily_closed',
  'outside_dining',
  'is_reservations_enabled',
  'reopen_date',
  'local_page_url',
  'estimated_wait_time',
  'wait_list_max_party_size',
  'wait_list_ready',
] as const satisfies ReadonlyArray<keyof LocationRow>;

export type ApiLocationRow = Pick<LocationRow, (typeof API_LOCATION_COLUMNS)[number]>;

/** A row as the API's Location (spec section 3). Optional fields are omitted, never null. */
export function toApiLocation(row: ApiLocationRow): Location {
  const location: Location = {
    rlid: row.rlid,
    restaurantNumber: row.restaurant_number,
    address1: row.address1,
    address2: optional(row.address2),
    city: row.city,
    state: row.state,
    country: row.country,
    countryRootURL: optional(row.country_root_url),
    zip: row.zip,
    longitude: row.longitude,
    latitude: row.latitude,
    hours: jsonList<DayHours>(row.hours),
    curbsideHours: jsonList<DayHours>(row.curbside_hours),
    deliveryHours: jsonList<DayHours>(row.delivery_hours),
    phone: row.phone,
    hasCurbside: row.has_curbside,
    hasDelivery: row.has_delivery,
    hasOnlineOrdering: row.has_online_ordering,
    hasTakeOut: row.has_take_out,
    isDiningRoomOpened: row.is_dining_room_opened,
    isTemporarilyClosed: row.is_temporarily_closed,
    outsideDining: row.outside_dining,
    isReservationsEnabled: row.is_reservations_enabled,
    localPageURL: optional(row.local_page_url),
    estimatedWaitTime: optional(row.estimated_wait_time),
    waitListMaxPartySize: optional(row.wait_list_max_party_size),
    waitListReady: optional(row.wait_list_ready),
    timeZone: row.time_zone,
    specialHours: jsonList<SpecialHours>(row.special_hours),
    reopenDate: optional(row.reopen_date),
  };
  return Object.fromEntries(Object.entries(location).filter(([, v]) => v !== undefined)) as Location;
}

/** A row's weekly opening hours as stored, for views that print times in the page's language. */
export const weeklyHoursOf = (row: LocationRow): DayHours[] => jsonList<DayHours>(row.hours);

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Weekly hours in the content pages' shape, Monday first as printed menus list them. */
function dayList(hours: DayHours[]): ContentLocation['hours'][number]['days'] {
  return [1, 2, 3, 4, 5, 6, 0].map((day) => {
    const entry = hours.find((h) => h.dayOfWeek === day);
    return {
      day_name: DAY_NAMES[day]!,
      hours: entry ? `${formatTime(entry.open)} - ${formatTime(entry.close)}` : 'Closed',
    };
  });
}

/** A row as the spec's "Location on content pages", with its directory URL. */
export function toContentLocation(row: LocationRow, url: string): ContentLocation {
  return {
    id: row.rlid,
    rlid: row.rlid,
    url,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    phone: { national: row.phone },
    location: { lat: row.latitude, lng: row.longitude },
    // Imported image URLs win; otherwise the site draws the map (server/modules/maps/).
    map_image_url_mobile: row.map_image_url_mobile ?? staticMapUrl(row.rlid, 'small'),
    map_image_url_desktop: row.map_image_url_desktop ?? staticMapUrl(row.rlid, 'large'),
    has_online_ordering: row.has_online_ordering,
    countryRootURL: row.country_root_url,
    hours: [
      { type_name: 'Operation', days: dayList(jsonList<DayHours>(row.hours)) },
      { type_name: 'Curbside', days: dayList(jsonList<DayHours>(row.curbside_hours)) },
      { type_name: 'Delivery', days: dayList(jsonList<DayHours>(row.delivery_hours)) },
    ],
  };
}

export function specialHoursOf(row: LocationRow): SpecialHours[] {
  return jsonList<SpecialHours>(row.special_hours);
}
