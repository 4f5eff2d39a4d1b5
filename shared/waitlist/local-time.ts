import { localNow } from '../locations/hours';
import type { DayHours, SpecialHours } from '../schemas/locations';

/**
 * Opening hours in the restaurant's own time zone, for the wait list (open right now?) and
 * reservations (which times of a given local day can be booked).
 */
const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const toTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function dayOfWeek(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

/** The service hours of one business date (special hours first), as minutes; close may pass 24:00. */
export function serviceOn(
  date: string,
  weekly: DayHours[],
  special: SpecialHours[],
): { open: number; close: number } | null {
  const override = special.find((s) => s.date === date);
  let open: string;
  let close: string;
  if (override) {
    if (override.closed || !override.open || !override.close) return null;
    open = override.open;
    close = override.close;
  } else {
    const entry = weekly.find((h) => h.dayOfWeek === dayOfWeek(date));
    if (!entry) return null;
    open = entry.open;
    close = entry.close;
  }
  const o = toMinutes(open);
  let c = toMinutes(close);
  if (c <= o) c += 24 * 60;
  return { open: o, close: c };
}

/** Whether the dining room is within its hours at `now` (yesterday's late service counts). */
export function isOpenAt(now: Date, timeZone: string, weekly: DayHours[], special: SpecialHours[]): boolean {
  const local = localNow(now, timeZone);
  const today = serviceOn(local.date, weekly, special);
  if (today && local.minutes >= today.open && local.minutes < today.close) return true;
  const yesterday = serviceOn(addDays(local.date, -1), weekly, special);
  return !!yesterday && local.minutes + 24 * 60 < yesterday.close;
}

/** The UTC instant of a wall-clock time on a local date in `timeZone` (DST-aware). */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const target = Date.parse(`${date}T${time}:00Z`);
  let guess = target;
  for (let i = 0; i < 3; i++) {
    const local = localNow(new Date(guess), timeZone);
    const shown = Date.parse(`${local.date}T${toTime(local.minutes)}:00Z`);
    const diff = target - shown;
    if (diff === 0) break;
    guess += diff;
  }
  return new Date(guess);
}

/** Bookable start times of a local date: every `slotMinutes` from opening to an hour before closing. */
export function slotTimes(date: string, weekly: DayHours[], special: SpecialHours[], slotMinutes: number): string[] {
  const service = serviceOn(date, weekly, special);
  if (!service) return [];
  const times: string[] = [];
  // Times past midnight belong to the next calendar day: they are not offered on this one.
  for (let m = service.open; m <= service.close - 60 && m < 24 * 60; m += slotMinutes) times.push(toTime(m));
  return times;
}

export { localNow, toMinutes };
