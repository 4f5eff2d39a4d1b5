import type { Db } from '../../db';
import {
  bandOf,
  estimateMinutes,
  RECENT_WINDOW_MINUTES,
  waitText,
  type Band,
  type BandSettings,
  type RecentSeatings,
} from '../../../shared/waitlist/estimate';
import { isOpenAt } from '../../../shared/waitlist/local-time';
import { DEFAULT_PARTY_SIZE, type ClosedReason, type WaitEstimate } from '../../../shared/schemas/waitlist';
import type { DayHours, SpecialHours } from '../../../shared/schemas/locations';
import * as repo from './repo';
import type { WaitlistSettings } from './table';
import type { LiveWaitSubject } from '../locations/live-waits';

/**
 * Live estimates from the queue (issue 14): the estimate API, the wait-list state, the quote of
 * a new entry and every location's estimatedWaitTime all come from `estimateFor`.
 */

const jsonList = <T>(value: unknown): T[] =>
  Array.isArray(value) ? (value as T[]) : typeof value === 'string' ? (JSON.parse(value) as T[]) : [];

/** The defaults of a restaurant that has no settings row yet (the migration's column defaults). */
export const DEFAULT_BANDS: BandSettings = {
  small: { tables: 10, turnMinutes: 45 },
  medium: { tables: 8, turnMinutes: 60 },
  large: { tables: 3, turnMinutes: 75 },
};

export function bandSettings(settings: WaitlistSettings | undefined): BandSettings {
  if (!settings) return DEFAULT_BANDS;
  return {
    small: { tables: settings.tables_small, turnMinutes: settings.turn_minutes_small },
    medium: { tables: settings.tables_medium, turnMinutes: settings.turn_minutes_medium },
    large: { tables: settings.tables_large, turnMinutes: settings.turn_minutes_large },
  };
}

const CLOSED_TEXT: Record<ClosedReason, string> = {
  'not-offered': 'Wait list not offered',
  'temporarily-closed': 'Temporarily closed',
  'dining-room-closed': 'Dining room closed',
  'outside-hours': 'Closed now',
  paused: 'Wait list paused',
};

/** The location columns a wait is worked out from (the locations API's live-wait subject). */
export type WaitSubject = LiveWaitSubject;

/** Why the wait list cannot take a party now, or null when it can. */
export function closedReason(row: WaitSubject, settings: WaitlistSettings | undefined, now: Date): ClosedReason | null {
  if (!row.wait_list_ready) return 'not-offered';
  if (row.is_temporarily_closed) return 'temporarily-closed';
  if (!row.is_dining_room_opened) return 'dining-room-closed';
  if (settings?.paused) return 'paused';
  if (!isOpenAt(now, row.time_zone, jsonList<DayHours>(row.hours), jsonList<SpecialHours>(row.special_hours)))
    return 'outside-hours';
  return null;
}

export type QueueSnapshot = {
  queue: { party_size: number; position: number }[];
  recent: RecentSeatings;
  settings: WaitlistSettings | undefined;
};

/** The estimate for a party joining now (behind every open entry of its band). */
export function estimateFor(row: WaitSubject, partySize: number, snapshot: QueueSnapshot, now: Date): WaitEstimate {
  const base = { rlid: row.rlid, partySize, computedAt: now.toISOString() };
  const reason = closedReason(row, snapshot.settings, now);
  if (reason) return { ...base, available: false, reason, text: CLOSED_TEXT[reason] };
  const band = bandOf(partySize);
  const partiesAhead = snapshot.queue.filter((e) => bandOf(e.party_size) === band).length;
  const minutes = estimateMinutes(partySize, partiesAhead, bandSettings(snapshot.settings), snapshot.recent);
  return { ...base, available: true, minutes, text: waitText(minutes), partiesAhead };
}

/** The estimate from an open entry's own place in line (parties of its band ahead of it). */
export function estimateAt(
  row: WaitSubject,
  partySize: number,
  position: number,
  snapshot: QueueSnapshot,
  now: Date,
): WaitEstimate {
  return estimateFor(row, partySize, { ...snapshot, queue: snapshot.queue.filter((e) => e.position < position) }, now);
}

/** Queues, recent pace and settings of several restaurants in three queries. */
export async function snapshots(db: Db, rlids: number[]): Promise<Map<number, QueueSnapshot>> {
  const [queues, seatings, settings] = await Promise.all([
    repo.openQueues(db, rlids),
    repo.recentSeatings(db, rlids, RECENT_WINDOW_MINUTES),
    repo.findSettingsFor(db, rlids),
  ]);
  const out = new Map<number, QueueSnapshot>();
  for (const rlid of rlids) out.set(rlid, { queue: [], recent: {}, settings: undefined });
  for (const entry of queues)
    out.get(entry.rlid)?.queue.push({ party_size: entry.party_size, position: entry.position });
  for (const row of seatings) {
    const recent = out.get(row.rlid)?.recent;
    if (!recent) continue;
    const band: Band = bandOf(row.party_size);
    recent[band] = (recent[band] ?? 0) + Number(row.n);
  }
  for (const row of settings) {
    const snapshot = out.get(row.rlid);
    if (snapshot) snapshot.settings = row;
  }
  return out;
}

export async function snapshot(db: Db, rlid: number): Promise<QueueSnapshot> {
  return (await snapshots(db, [rlid])).get(rlid)!;
}

/**
 * What the location API says about the wait list: waitListReady (offered and not paused) and the
 * estimatedWaitTime for a party of two, or why there is no number.
 */
export async function liveWaits(
  db: Db,
  rows: WaitSubject[],
  now = new Date(),
): Promise<Map<number, { waitListReady: boolean; estimatedWaitTime: string | undefined }>> {
  const offered = rows.filter((row) => row.wait_list_ready);
  const snaps = await snapshots(
    db,
    offered.map((row) => row.rlid),
  );
  const out = new Map<number, { waitListReady: boolean; estimatedWaitTime: string | undefined }>();
  for (const row of rows) {
    const snap = snaps.get(row.rlid);
    if (!row.wait_list_ready || !snap) {
      out.set(row.rlid, { waitListReady: false, estimatedWaitTime: undefined });
      continue;
    }
    const estimate = estimateFor(row, DEFAULT_PARTY_SIZE, snap, now);
    out.set(row.rlid, { waitListReady: !snap.settings?.paused, estimatedWaitTime: estimate.text });
  }
  return out;
}
