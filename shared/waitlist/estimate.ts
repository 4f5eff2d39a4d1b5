/**
 * The wait-list estimate, pure so that it can be tested alone and computed the same way for the
 * estimate API, the location's "Current wait" and the quote stored on a new entry.
 *
 * Parties are grouped by the table they need (a band: 1-2, 3-4, 5+). In a band with `tables`
 * tables each taken for `turnMinutes`, a table frees up every turnMinutes / tables minutes on
 * average; when the host stand seated parties of that band recently, the observed interval
 * between seatings is averaged in, so a busy or slow service moves the estimate. A party with
 * k parties of its band ahead waits about k intervals (nobody ahead: no wait).
 */
export type Band = 'small' | 'medium' | 'large';

export function bandOf(partySize: number): Band {
  return partySize <= 2 ? 'small' : partySize <= 4 ? 'medium' : 'large';
}

export type BandSettings = Record<Band, { tables: number; turnMinutes: number }>;

/** Seatings of each band in the recent window (for the observed interval). */
export type RecentSeatings = Partial<Record<Band, number>>;

export const RECENT_WINDOW_MINUTES = 90;
/** Fewer seatings than this in the window say nothing about the pace. */
const MIN_OBSERVED_SEATINGS = 3;

export function seatingInterval(band: Band, settings: BandSettings, recent: RecentSeatings = {}): number {
  const { tables, turnMinutes } = settings[band];
  const configured = turnMinutes / Math.max(1, tables);
  const seated = recent[band] ?? 0;
  if (seated < MIN_OBSERVED_SEATINGS) return configured;
  const observed = RECENT_WINDOW_MINUTES / seated;
  return (configured + observed) / 2;
}

/** Minutes to wait behind `partiesAhead` parties of the same band, rounded up to 5. */
export function estimateMinutes(
  partySize: number,
  partiesAhead: number,
  settings: BandSettings,
  recent: RecentSeatings = {},
): number {
  if (partiesAhead <= 0) return 0;
  const minutes = partiesAhead * seatingInterval(bandOf(partySize), settings, recent);
  return Math.ceil(minutes / 5) * 5;
}

/** "No wait", "25 min", "1 h 15 min". */
export function waitText(minutes: number): string {
  if (minutes <= 0) return 'No wait';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}
