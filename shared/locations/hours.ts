import { formatTime as formatTimeIn } from '../i18n/format';
import type { DayHours, SpecialHours } from '../schemas/locations';

/**
 * The picker's hours line (spec section 4), computed for "today" in the restaurant's own time
 * zone, never the visitor's or the server's. Pure, so the server and the browser agree.
 */
export type HoursLine =
  | { kind: 'temporarily-closed' }
  | { kind: 'not-available' }
  | { kind: 'closed'; label: string }
  | { kind: 'open'; open: string; close: string };

export type HoursSubject = {
  isTemporarilyClosed: boolean;
  hasDelivery: boolean;
  hasCurbside: boolean;
  timeZone?: string;
  specialHours?: SpecialHours[];
};

export type HoursKind = 'operation' | 'delivery' | 'curbside';

type LocalNow = { date: string; dayOfWeek: number; minutes: number };

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * One formatter per time zone: building an Intl.DateTimeFormat costs far more than formatting
 * with it, and a list of restaurants asks for the same few zones again and again.
 */
const wallClocks = new Map<string, Intl.DateTimeFormat>();
function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    wallClocks.set(timeZone, format);
  }
  return format;
}

/** Date, weekday and minute of the day at `now` on the wall clock of `timeZone`. */
export function localNow(now: Date, timeZone: string): LocalNow {
  const parts = Object.fromEntries(
    wallClock(timeZone)
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    dayOfWeek: WEEKDAYS.indexOf(String(parts.weekday)),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const runsPastMidnight = (entry: { open: string; close: string }) => toMinutes(entry.close) <= toMinutes(entry.open);

function previousDate(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** Hours for one business date: a special-hours override first, else the weekly entry. */
function hoursOn(date: string, dayOfWeek: number, weekly: DayHours[], special: SpecialHours[]) {
  const override = special.find((s) => s.date === date);
  if (override) {
    if (override.closed || !override.open || !override.close) return { closed: true as const, label: override.label };
    return { closed: false as const, open: override.open, close: override.close };
  }
  const entry = weekly.find((h) => h.dayOfWeek === dayOfWeek);
  return entry ? { closed: false as const, open: entry.open, close: entry.close } : undefined;
}

/**
 * The line to show, or null when today has no entry (the line is hidden). Between midnight and
 * a late close, "today" is still the previous evening's service, so its hours are shown.
 */
export function hoursLine(subject: HoursSubject, weekly: DayHours[], kind: HoursKind, now: Date): HoursLine | null {
  if (subject.isTemporarilyClosed) return { kind: 'temporarily-closed' };
  if (kind === 'delivery' && !subject.hasDelivery) return { kind: 'not-available' };
  if (kind === 'curbside' && !subject.hasCurbside) return { kind: 'not-available' };

  const local = localNow(now, subject.timeZone ?? 'UTC');
  // A holiday closure closes every service; special opening hours describe the dining room only.
  const special = (subject.specialHours ?? []).filter((s) => kind === 'operation' || s.closed);
  const yesterdayDate = previousDate(local.date);
  const yesterday = hoursOn(yesterdayDate, (local.dayOfWeek + 6) % 7, weekly, special);
  if (yesterday && !yesterday.closed && runsPastMidnight(yesterday) && local.minutes < toMinutes(yesterday.close)) {
    return { kind: 'open', open: yesterday.open, close: yesterday.close };
  }
  const today = hoursOn(local.date, local.dayOfWeek, weekly, special);
  if (!today) return null;
  if (today.closed) return { kind: 'closed', label: today.label };
  return { kind: 'open', open: today.open, close: today.close };
}

/** 13:30 -> '1:30 PM', the way US and Canadian restaurants print hours in English. */
export const formatTime = (time: string): string => formatTimeIn(time, 'en-US');
