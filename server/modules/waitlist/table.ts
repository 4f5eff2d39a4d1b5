import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export const OPEN_STATUSES = ['waiting', 'notified'] as const;
export const ENTRY_STATUSES = ['waiting', 'notified', 'seated', 'cancelled', 'no_show', 'removed'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];
export type EntryEventState =
  'joined' | 'quoted' | 'notified' | 'seated' | 'cancelled' | 'no_show' | 'removed' | 'moved';

/** One row per restaurant: the host stand's settings and the lock every queue change takes. */
export interface WaitlistSettingsTable {
  rlid: number;
  paused: Generated<boolean>;
  pause_reason: string | null;
  turn_minutes_small: Generated<number>;
  turn_minutes_medium: Generated<number>;
  turn_minutes_large: Generated<number>;
  tables_small: Generated<number>;
  tables_medium: Generated<number>;
  tables_large: Generated<number>;
  slot_minutes: Generated<number>;
  parties_per_slot: Generated<number>;
  updated_at: Timestamp;
}

export interface WaitlistEntryTable {
  id: Generated<number>;
  public_id: string;
  rlid: number;
  party_size: number;
  name: string;
  phone: string | null;
  email: string | null;
  note: string | null;
  source: 'online' | 'walk_in';
  status: EntryStatus;
  position: number | null;
  quoted_minutes: number | null;
  quoted_at: NullableTimestamp;
  joined_at: Timestamp;
  notified_at: NullableTimestamp;
  closed_at: NullableTimestamp;
  anonymised_at: NullableTimestamp;
  /** The page's language the guest used, and its path prefix ('' or e.g. '/fr'): their messages follow it. */
  language_code: Generated<string>;
  path_prefix: Generated<string>;
}

export interface WaitlistEntryEventTable {
  id: Generated<number>;
  entry_id: number;
  state: EntryEventState;
  at: Timestamp;
  detail: string | null;
}

export interface ReservationTable {
  id: Generated<number>;
  public_id: string;
  rlid: number;
  party_size: number;
  local_date: string;
  local_time: string;
  starts_at: Timestamp;
  name: string;
  phone: string | null;
  email: string | null;
  note: string | null;
  status: 'booked' | 'cancelled';
  created_at: Timestamp;
  cancelled_at: NullableTimestamp;
  anonymised_at: NullableTimestamp;
  /** The page's language the guest used, and its path prefix ('' or e.g. '/fr'): their messages follow it. */
  language_code: Generated<string>;
  path_prefix: Generated<string>;
}

export interface GroupWaitlistPermissionTable {
  id: Generated<number>;
  group_id: number;
  /** null: every restaurant. */
  rlid: number | null;
}

export type WaitlistSettings = Selectable<WaitlistSettingsTable>;
export type WaitlistEntry = Selectable<WaitlistEntryTable>;
export type WaitlistEntryEvent = Selectable<WaitlistEntryEventTable>;
export type Reservation = Selectable<ReservationTable>;

/** This module's tables, merged into the database's type (server/database.ts). */
declare module '../../database' {
  interface Database {
    waitlist_settings: WaitlistSettingsTable;
    waitlist_entries: WaitlistEntryTable;
    waitlist_entry_events: WaitlistEntryEventTable;
    reservations: ReservationTable;
    group_waitlist_permissions: GroupWaitlistPermissionTable;
  }
}
