import { formatLongInstant, fromLocalInput, type AdminClock } from './local-time';

/**
 * What the schedule says about the go-live and expiry times typed into the page editor, on the
 * editor's clock: "Goes live on Tuesday 1 December 2026 at 09:00 EST." The server prints it under
 * the fields, and the schedule dialog (client/admin/schedule-dialog.ts) rewrites it as they type.
 */
export function scheduleSentences(
  typed: { go_live_at: string; expire_at: string },
  clock: AdminClock,
  now: Date,
): { goLive: string; expiry: string } {
  const when = (value: string) => (value.trim() ? fromLocalInput(value.trim(), clock.timeZone) : null);
  const goLive = when(typed.go_live_at);
  const expiry = when(typed.expire_at);
  return {
    goLive: !goLive
      ? 'No go-live time: publishing makes the page live at once.'
      : !goLive.ok
        ? goLive.reason === 'skipped'
          ? `That go-live time does not exist in ${clock.timeZone} (the clocks go forward then).`
          : 'The go-live time is not a valid date and time.'
        : goLive.instant > now
          ? `Goes live on ${formatLongInstant(goLive.instant, clock)}.`
          : `The go-live time (${formatLongInstant(goLive.instant, clock)}) has passed: publishing makes the page live at once.`,
    expiry: !expiry
      ? 'No expiry time: the page stays live until it is unpublished.'
      : !expiry.ok
        ? expiry.reason === 'skipped'
          ? `That expiry time does not exist in ${clock.timeZone} (the clocks go forward then).`
          : 'The expiry time is not a valid date and time.'
        : `Expires on ${formatLongInstant(expiry.instant, clock)}.`,
  };
}
