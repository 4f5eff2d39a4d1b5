import { formatInstant, formatLongInstant, UTC_CLOCK, type AdminClock } from './local-time';

/**
 * The back office's one way to print a time: in the reader's time zone, with the zone named
 * ('Dec 1, 2026, 9:00 AM EST'). Whose clock that is comes from the request being answered:
 * server/modules/admin/clock.ts installs the source (the signed-in user's zone, or the site's);
 * outside a request, UTC. Screens, list cells, exports and the sentences of the core modules
 * (lock messages, history) all print through here.
 */
let clockSource: () => AdminClock = () => UTC_CLOCK;

export function setAdminClockSource(source: () => AdminClock): void {
  clockSource = source;
}

export function adminClock(): AdminClock {
  return clockSource();
}

export function formatAdminTime(value: string | Date): string {
  return formatInstant(value, clockSource());
}

/** In a sentence: 'Tuesday 1 December 2026 at 09:00 EST'. */
export function formatAdminTimeLong(value: string | Date): string {
  return formatLongInstant(value, clockSource());
}
