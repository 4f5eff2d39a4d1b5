import type { DayHours } from '../schemas/locations';

/**
 * The simple weekly-hours text an import cell may hold instead of JSON, e.g.
 * `Mon-Thu 11:00-22:00; Fri-Sat 11:00-23:00; Sun 12:00-21:00`.
 * Segments are separated by `;`, each is a day or a day range (wrapping ranges such as
 * `Fri-Mon` are allowed) and one `HH:MM-HH:MM` span (a close earlier than the open means after
 * midnight), or `closed`. Days not named are closed. Anything richer (two spans in one day) must
 * be given as JSON.
 */

const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
const SEGMENT = /^([a-z]+)(?:\s*-\s*([a-z]+))?\s+(?:(closed)|(\d{1,2}:\d{2})\s*-\s*(\d{1,2}:\d{2}))$/i;

function dayIndex(name: string): number | undefined {
  const index = DAY_NAMES.indexOf(name.slice(0, 3).toLowerCase() as (typeof DAY_NAMES)[number]);
  // Accept "Mon" and "Monday", not "Mo" or "Monkey".
  const full = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'][index];
  if (index < 0 || !(name.length === 3 || name.toLowerCase() === full)) return undefined;
  return index;
}

const pad = (time: string) => (time.length === 4 ? `0${time}` : time);

/** DayHours (Sunday = 0) from the text, or an error message naming the faulty segment. */
export function parseWeeklyHoursText(text: string): { hours: DayHours[] } | { error: string } {
  const hours: DayHours[] = [];
  const seen = new Set<number>();
  for (const raw of text.split(';')) {
    const segment = raw.trim();
    if (!segment) continue;
    const match = SEGMENT.exec(segment);
    if (!match) return { error: `"${segment}" is not like "Mon-Fri 11:00-22:00" or "Sun closed"` };
    const [, fromName = '', toName, closed, open, close] = match;
    const from = dayIndex(fromName);
    const to = toName === undefined ? from : dayIndex(toName);
    if (from === undefined || to === undefined)
      return { error: `"${segment}" names an unknown day (use Sun, Mon, Tue, Wed, Thu, Fri, Sat)` };
    const days: number[] = [];
    for (let day = from; ; day = (day + 1) % 7) {
      days.push(day);
      if (day === to) break;
    }
    for (const day of days) {
      if (seen.has(day)) return { error: `"${segment}" repeats ${DAY_NAMES[day]}, already given` };
      seen.add(day);
      if (!closed) hours.push({ dayOfWeek: day, open: pad(open ?? ''), close: pad(close ?? '') });
    }
  }
  return { hours: hours.sort((a, b) => a.dayOfWeek - b.dayOfWeek) };
}
