import type { Db } from '../../db';
import type { LocationRow } from './table';

/** What the location API says about a restaurant's wait list right now. */
export type LiveWait = { waitListReady: boolean; estimatedWaitTime: string | undefined };

/** The location columns a live wait is worked out from. */
export type LiveWaitSubject = Pick<
  LocationRow,
  | 'rlid'
  | 'wait_list_ready'
  | 'is_temporarily_closed'
  | 'is_dining_room_opened'
  | 'time_zone'
  | 'hours'
  | 'special_hours'
>;

export type LiveWaitProvider = (db: Db, rows: LiveWaitSubject[]) => Promise<Map<number, LiveWait>>;

let provider: LiveWaitProvider | undefined;

/**
 * The wait list tells the locations API each restaurant's live wait (server/composition.ts
 * registers it), so locations does not import the wait list that builds on it. Without a
 * provider the API prints the stored values.
 */
export function provideLiveWaits(liveWaits: LiveWaitProvider): void {
  provider = liveWaits;
}

export function liveWaits(db: Db, rows: LiveWaitSubject[]): Promise<Map<number, LiveWait>> {
  return provider ? provider(db, rows) : Promise.resolve(new Map());
}
