import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { DayHours, SpecialHours } from '../../../shared/schemas/locations';

type Json<T> = ColumnType<T, string, string>;
/** Computed by the database from latitude and longitude: never written. */
type Derived = ColumnType<number, never, never>;

export interface LocationTable {
  rlid: number;
  restaurant_number: string;
  address1: string;
  address2: string | null;
  city: string;
  /** State or province code (FL, ON). */
  state: string;
  state_name: string;
  /** ISO country code: US or CA. */
  country: string;
  country_root_url: string | null;
  zip: string;
  latitude: number;
  longitude: number;
  /** IANA zone, e.g. America/New_York: hours are local to the restaurant. */
  time_zone: string;
  hours: Json<DayHours[]>;
  curbside_hours: Json<DayHours[]>;
  delivery_hours: Json<DayHours[]>;
  special_hours: Json<SpecialHours[]>;
  phone: string;
  has_curbside: boolean;
  has_delivery: boolean;
  has_online_ordering: boolean;
  has_take_out: boolean;
  is_dining_room_opened: boolean;
  is_temporarily_closed: boolean;
  outside_dining: boolean;
  is_reservations_enabled: boolean;
  reopen_date: string | null;
  local_page_url: string | null;
  estimated_wait_time: string | null;
  wait_list_max_party_size: number | null;
  wait_list_ready: boolean | null;
  map_image_url_mobile: string | null;
  map_image_url_desktop: string | null;
  state_slug: string;
  city_slug: string;
  line1_slug: string;
  /** The point as a unit vector, for the nearby search's radius test and ordering. */
  x: Derived;
  y: Derived;
  z: Derived;
  /** floor(latitude * 4): the nearby index's band, the row of the location_cells grid. */
  lat_cell: Derived;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type LocationRow = Selectable<LocationTable>;
export type NewLocationRow = Insertable<LocationTable>;

/** This module's tables, merged into the database's type (server/database.ts). */
declare module '../../database' {
  interface Database {
    locations: LocationTable;
  }
}
