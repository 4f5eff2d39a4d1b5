/**
 * Times in the back office, in the reader's own time zone with the zone named: one helper for
 * every screen (lists, history, the schedule dialog) and for reading what an editor types into a
 * date-time field. Instants are stored in UTC; only the words and the inputs are local. Pure
 * (Intl only), so the server and the browser print the same text.
 */

/** Whose clock a screen is printed on: an IANA zone ('America/New_York') and the admin language. */
export type AdminClock = { timeZone: string; locale: string };

export const UTC_CLOCK: AdminClock = { timeZone: 'UTC', locale: 'en-US' };

let zones: ReadonlySet<string> | undefined;

/** Every zone a user may choose: Intl's IANA list (which leaves out 'UTC' itself), UTC first. */
export function timeZoneChoices(): readonly string[] {
  return ['UTC', ...Intl.supportedValuesOf('timeZone')];
}

export function isTimeZone(value: string): boolean {
  zones ??= new Set(timeZoneChoices());
  return zones.has(value);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, found);
  }
  return found;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

type Parts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;
function partsOf(date: Date, clock: AdminClock, options: Intl.DateTimeFormatOptions): Parts {
  const parts: Parts = {};
  for (const part of formatter(clock.locale, clock.timeZone, options).formatToParts(date))
    parts[part.type] = part.value;
  return parts;
}

/** The zone's short name at that instant: 'EST' in winter, 'EDT' in summer, 'UTC', or 'GMT+1' where English has no name. */
export function zoneName(value: Date | string, clock: AdminClock): string {
  return partsOf(asDate(value), clock, { timeZoneName: 'short' }).timeZoneName ?? clock.timeZone;
}

/** A list cell's time: 'Dec 1, 2026, 9:00 AM EST'. */
export function formatInstant(value: Date | string, clock: AdminClock): string {
  const date = asDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return (
    formatter(clock.locale, clock.timeZone, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    })
      .format(date)
      // Some ICU versions put a narrow no-break space before AM/PM: print the same text everywhere.
      .replace(/\u202f/g, ' ')
  );
}

/** A sentence's time: 'Tuesday 1 December 2026 at 09:00 EST' (in French, 'mardi 1 décembre 2026 à 09 h 00 HNE'). */
export function formatLongInstant(value: Date | string, clock: AdminClock): string {
  const date = asDate(value);
  const p = partsOf(date, clock, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  });
  const day = `${p.weekday} ${p.day} ${p.month} ${p.year}`;
  return clock.locale.startsWith('fr')
    ? `${day} à ${p.hour} h ${p.minute} ${p.timeZoneName}`
    : `${day} at ${p.hour}:${p.minute} ${p.timeZoneName}`;
}

/** The wall clock of an instant in a zone, as a datetime-local input's value ('2026-12-01T09:00'). */
export function toLocalInput(value: Date | string | null, timeZone: string): string {
  if (value === null) return '';
  const date = asDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const p = partsOf(date, { timeZone, locale: 'en-US' }, WALL_CLOCK);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

const WALL_CLOCK: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** Minutes the zone's wall clock is ahead of UTC at an instant (-300 for New York in winter). */
function offsetMinutes(instant: number, timeZone: string): number {
  const wall = Date.parse(`${toLocalInput(new Date(instant), timeZone)}:00Z`);
  return Math.round((wall - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

export type LocalInputReading = { ok: true; instant: Date } | { ok: false; reason: 'invalid' | 'skipped' };

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::00)?$/;

/**
 * What an editor typed into a datetime-local field, read on the wall clock of `timeZone`. A time
 * the clocks skip (02:30 on the night summer time starts) is refused rather than guessed; a time
 * that happens twice (01:30 on the night it ends) is the first of the two, as Python's fold=0.
 */
export function fromLocalInput(value: string, timeZone: string): LocalInputReading {
  const match = LOCAL_INPUT.exec(value);
  if (!match) return { ok: false, reason: 'invalid' };
  const typed = `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}`;
  const asUtc = Date.parse(`${typed}:00Z`);
  // Date.parse accepts 2026-02-30; the round trip below would then fail as 'skipped': say 'invalid'.
  if (Number.isNaN(asUtc) || new Date(asUtc).toISOString().slice(0, 16) !== typed)
    return { ok: false, reason: 'invalid' };
  // The offset a few hours either side covers both sides of any change of the clocks.
  const candidates = [offsetMinutes(asUtc - 14 * 3_600_000, timeZone), offsetMinutes(asUtc + 14 * 3_600_000, timeZone)]
    .map((offset) => asUtc - offset * 60_000)
    .filter((instant) => toLocalInput(new Date(instant), timeZone) === typed)
    .sort((a, b) => a - b);
  const first = candidates[0];
  return first === undefined ? { ok: false, reason: 'skipped' } : { ok: true, instant: new Date(first) };
}
