import * as z from 'zod';
import { parseWeeklyHoursText } from '../locations/weekly-hours-text';
import { dayHoursSchema, specialHoursSchema } from './locations';

/**
 * One row of a locations import (CSV cell strings or JSON values), shared by the
 * `import:locations` CLI and, later, the back office. Column names are the spec's Location
 * field names. A row is the restaurant's full record: an absent optional column (or an empty
 * cell, or JSON null, which the caller turns into `undefined`) means empty / false, also on
 * update. Flags take true/false, yes/no or 1/0. Hours columns take a JSON array of
 * {dayOfWeek 0-6 (0 = Sunday), open, close} or the simple text of `parseWeeklyHoursText`
 * (`Mon-Fri 11:00-22:00; Sat-Sun 11:00-23:00`).
 */

type Ctx = { addIssue(issue: { code: 'custom'; message: string }): void };

function fail(ctx: Ctx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

const text = (max = 200) =>
  z
    .union([z.string(), z.number()], { error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .transform((value) => String(value).trim())
    .pipe(z.string().min(1, 'is required').max(max, `must be at most ${max} characters`));

const decimal = (min: number, max: number) =>
  z.unknown().transform((value, ctx) => {
    const number =
      typeof value === 'number'
        ? value
        : typeof value === 'string' && /^\s*[-+]?(\d+\.?\d*|\.\d+)\s*$/.test(value)
          ? Number(value)
          : NaN;
    if (!Number.isFinite(number) || number < min || number > max)
      return fail(ctx, `must be a number between ${min} and ${max}`);
    return number;
  });

const wholeNumber = (min: number, max: number) =>
  z.unknown().transform((value, ctx) => {
    const number =
      typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(number) || number < min || number > max)
      return fail(ctx, `must be a whole number from ${min} to ${max}`);
    return number;
  });

const TRUE_WORDS = new Set(['true', 'yes', '1']);
const FALSE_WORDS = new Set(['false', 'no', '0']);

const flag = z.unknown().transform((value, ctx) => {
  if (typeof value === 'boolean') return value;
  const word = String(value).trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return fail(ctx, 'must be true/false, yes/no or 1/0');
});

/** A JSON array given as such (JSON files) or as text in a CSV cell. */
function jsonList(value: unknown, ctx: Ctx): unknown[] {
  let list = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return fail(ctx, 'must be a JSON array');
    }
  }
  return Array.isArray(list) ? list : fail(ctx, 'must be a JSON array');
}

const weeklyHours = z
  .unknown()
  .transform((value, ctx) => {
    if (typeof value === 'string' && !value.trim().startsWith('[')) {
      const parsed = parseWeeklyHoursText(value);
      return 'error' in parsed ? fail(ctx, parsed.error) : parsed.hours;
    }
    return jsonList(value, ctx);
  })
  .pipe(z.array(dayHoursSchema));

const specialHours = z.unknown().transform(jsonList).pipe(z.array(specialHoursSchema));

/** IANA names only (Area/Location), and known to this runtime's time zone database. */
const timeZone = text(64).refine((zone) => {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)+$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, 'must be an IANA time zone such as America/New_York');

const US_ZIP = /^\d{5}(-\d{4})?$/;
const CA_POSTAL = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/;

export const locationImportRowSchema = z
  .object({
    rlid: wholeNumber(1, 2_147_483_647).optional(),
    restaurantNumber: text(20).pipe(z.string().regex(/^[A-Za-z0-9-]+$/, 'must be letters, digits or hyphens')),
    address1: text(),
    address2: text().optional(),
    city: text(100),
    state: text(3).transform((code) => code.toUpperCase()),
    country: text(2)
      .transform((code) => code.toUpperCase())
      .pipe(z.enum(['US', 'CA'], { error: 'must be US or CA' })),
    countryRootURL: text(500).optional(),
    zip: text(10).transform((zip) => zip.toUpperCase()),
    latitude: decimal(-90, 90),
    longitude: decimal(-180, 180),
    timeZone: timeZone.optional(),
    hours: weeklyHours.optional(),
    curbsideHours: weeklyHours.optional(),
    deliveryHours: weeklyHours.optional(),
    specialHours: specialHours.optional(),
    phone: text(30).pipe(z.string().regex(/^[+\d\s().-]{7,30}$/, 'must be a phone number')),
    hasCurbside: flag.optional(),
    hasDelivery: flag.optional(),
    hasOnlineOrdering: flag.optional(),
    hasTakeOut: flag.optional(),
    isDiningRoomOpened: flag.optional(),
    isTemporarilyClosed: flag.optional(),
    outsideDining: flag.optional(),
    isReservationsEnabled: flag.optional(),
    reopenDate: text(10)
      .pipe(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD'))
      .optional(),
    localPageURL: text(120)
      .pipe(z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters, digits and hyphens'))
      .optional(),
    estimatedWaitTime: text(40).optional(),
    waitListMaxPartySize: wholeNumber(1, 100).optional(),
    waitListReady: flag.optional(),
  })
  .superRefine((row, ctx) => {
    const pattern = row.country === 'US' ? US_ZIP : CA_POSTAL;
    if (!pattern.test(row.zip)) {
      ctx.addIssue({
        code: 'custom',
        path: ['zip'],
        message:
          row.country === 'US'
            ? 'must be a US ZIP code (12345 or 12345-6789)'
            : 'must be a Canadian postal code (A1A 1A1)',
      });
    }
  });

export type LocationImportRow = z.infer<typeof locationImportRowSchema>;

/** Every column an import understands, in the spec's order. */
export const LOCATION_IMPORT_COLUMNS = Object.keys(locationImportRowSchema.shape) as Array<keyof LocationImportRow>;

/** Columns a CSV header must name (JSON rows report them per row). */
export const REQUIRED_IMPORT_COLUMNS: ReadonlyArray<keyof LocationImportRow> = LOCATION_IMPORT_COLUMNS.filter(
  (column) => !locationImportRowSchema.shape[column].safeParse(undefined).success,
);

export type LocationImportReport = {
  format: 'csv' | 'json';
  /** Data rows read (not counting a CSV header). */
  rowCount: number;
  created: number;
  updated: number;
  saved: Array<{
    row: number;
    restaurantNumber: string;
    rlid: number;
    action: 'created' | 'updated';
    timeZone: string;
    timeZoneDerived: boolean;
  }>;
  /** CSV rows are numbered as in a spreadsheet (the header is row 1); JSON rows from 1. */
  bad: Array<{ row: number; restaurantNumber?: string; errors: string[] }>;
  unknownColumns: string[];
};
