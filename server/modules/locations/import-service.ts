import tzLookup from '@photostructure/tz-lookup';
import {
  locationImportRowSchema,
  type LocationImportReport,
  type LocationImportRow,
} from '../../../shared/schemas/location-import';
import { inTransaction, type Db } from '../../db';
import { slugify } from '../pages/slug';
import { announceLocationChange } from './flush';
import { parseImportFile, type ImportFormat, type RawRecord } from './import-file';
import { CANADIAN_PROVINCES, US_STATES } from './regions';
import * as repo from './repo';
import type { NewLocationRow } from './table';

export { LocationImportFileError, type ImportFormat } from './import-file';

/**
 * Locations import (CSV or JSON; `npm run import:locations FILE`, later the back office).
 * Every row is validated first (shape, state/zip for the country, duplicates in the file,
 * clashes with other restaurants in the database); then all good rows are written in one
 * transaction, upserting by restaurantNumber, so a failure leaves nothing half-written. An
 * existing restaurant keeps its rlid; a new one gets the file's rlid or the next free one. Bad rows
 * are reported with their row number and reasons and are not written; unknown columns are listed
 * once and ignored. The time zone is derived offline from the coordinates when the row has none.
 * The write holds an advisory lock and announces `locations_changed`, so every dyno drops its cache.
 */

const REGIONS: Record<'US' | 'CA', ReadonlyMap<string, string>> = {
  US: new Map([...US_STATES.values()].map((region) => [region.code, region.name])),
  CA: new Map([...CANADIAN_PROVINCES.values()].map((region) => [region.code, region.name])),
};

type GoodRow = {
  row: number;
  data: LocationImportRow;
  stateName: string;
  slugs: { state: string; city: string; line1: string };
};
type BadRow = LocationImportReport['bad'][number];

function issueText(issue: { path: PropertyKey[]; message: string }): string {
  return issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message;
}

/** Shape and per-row rules: no database needed. */
export function validateRecord(record: RawRecord): { good: GoodRow } | { bad: BadRow } {
  const restaurantNumber =
    typeof record.values.restaurantNumber === 'string' || typeof record.values.restaurantNumber === 'number'
      ? String(record.values.restaurantNumber).trim() || undefined
      : undefined;
  if (record.problem) return { bad: { row: record.row, restaurantNumber, errors: [record.problem] } };
  const result = locationImportRowSchema.safeParse(record.values);
  if (!result.success)
    return { bad: { row: record.row, restaurantNumber, errors: result.error.issues.map(issueText) } };
  const data = result.data;
  const errors: string[] = [];
  const stateName = REGIONS[data.country].get(data.state);
  if (!stateName)
    errors.push(
      `state: ${data.state} is not a ${data.country === 'US' ? 'US state' : 'Canadian province or territory'} code`,
    );
  const slugs = { state: slugify(stateName ?? data.state), city: slugify(data.city), line1: slugify(data.address1) };
  if (!slugs.city) errors.push('city: must contain letters or digits');
  if (!slugs.line1) errors.push('address1: must contain letters or digits');
  if (errors.length) return { bad: { row: record.row, restaurantNumber: data.restaurantNumber, errors } };
  return { good: { row: record.row, data, stateName: stateName ?? '', slugs } };
}

const pathKey = (country: string, slugs: { state: string; city: string; line1: string }) =>
  `${country}/${slugs.state}/${slugs.city}/${slugs.line1}`;

/** Rows repeating a restaurant, rlid, directory path or local page URL of an earlier row in the file. */
function findFileDuplicates(rows: GoodRow[]): Map<GoodRow, string[]> {
  const problems = new Map<GoodRow, string[]>();
  const seen = {
    number: new Map<string, number>(),
    rlid: new Map<number, number>(),
    path: new Map<string, number>(),
    page: new Map<string, number>(),
  };
  const check = <K>(map: Map<K, number>, key: K | undefined, row: GoodRow, message: (first: number) => string) => {
    if (key === undefined) return;
    const first = map.get(key);
    if (first === undefined) map.set(key, row.row);
    else problems.set(row, [...(problems.get(row) ?? []), message(first)]);
  };
  for (const row of rows) {
    check(
      seen.number,
      row.data.restaurantNumber,
      row,
      (first) => `restaurantNumber: ${row.data.restaurantNumber} is already on row ${first}`,
    );
    check(seen.rlid, row.data.rlid, row, (first) => `rlid: ${row.data.rlid} is already on row ${first}`);
    check(
      seen.path,
      pathKey(row.data.country, row.slugs),
      row,
      (first) => `address1: same address, city and state as row ${first}`,
    );
    check(
      seen.page,
      row.data.localPageURL,
      row,
      (first) => `localPageURL: ${row.data.localPageURL} is already on row ${first}`,
    );
  }
  return problems;
}

function toLocationRow(good: GoodRow, rlid: number, timeZone: string): NewLocationRow & { rlid: number } {
  const { data } = good;
  return {
    rlid,
    restaurant_number: data.restaurantNumber,
    address1: data.address1,
    address2: data.address2 ?? null,
    city: data.city,
    state: data.state,
    state_name: good.stateName,
    country: data.country,
    country_root_url: data.countryRootURL ?? null,
    zip: data.zip,
    latitude: data.latitude,
    longitude: data.longitude,
    time_zone: timeZone,
    hours: JSON.stringify(data.hours ?? []),
    curbside_hours: JSON.stringify(data.curbsideHours ?? []),
    delivery_hours: JSON.stringify(data.deliveryHours ?? []),
    special_hours: JSON.stringify(data.specialHours ?? []),
    phone: data.phone,
    has_curbside: data.hasCurbside ?? false,
    has_delivery: data.hasDelivery ?? false,
    has_online_ordering: data.hasOnlineOrdering ?? false,
    has_take_out: data.hasTakeOut ?? false,
    is_dining_room_opened: data.isDiningRoomOpened ?? false,
    is_temporarily_closed: data.isTemporarilyClosed ?? false,
    outside_dining: data.outsideDining ?? false,
    is_reservations_enabled: data.isReservationsEnabled ?? false,
    reopen_date: data.reopenDate ?? null,
    // Same default as the demo data: readable and unique through the rlid.
    local_page_url: data.localPageURL ?? `${good.slugs.city}-${data.state.toLowerCase()}-${rlid}`,
    estimated_wait_time: data.estimatedWaitTime ?? null,
    wait_list_max_party_size: data.waitListMaxPartySize ?? null,
    wait_list_ready: data.waitListReady ?? null,
    map_image_url_mobile: null,
    map_image_url_desktop: null,
    state_slug: good.slugs.state,
    city_slug: good.slugs.city,
    line1_slug: good.slugs.line1,
  };
}

export async function importLocations(
  db: Db,
  content: string,
  options: { format?: ImportFormat } = {},
): Promise<LocationImportReport> {
  const file = parseImportFile(content, options.format);
  const bad: BadRow[] = [];
  let good: GoodRow[] = [];
  for (const record of file.records) {
    const outcome = validateRecord(record);
    if ('good' in outcome) good.push(outcome.good);
    else bad.push(outcome.bad);
  }
  const duplicates = findFileDuplicates(good);
  for (const [row, errors] of duplicates)
    bad.push({ row: row.row, restaurantNumber: row.data.restaurantNumber, errors });
  good = good.filter((row) => !duplicates.has(row));

  const saved = await inTransaction(db, async (trx) => {
    await repo.lockForImport(trx);
    const existing = await repo.listImportKeys(trx);
    const byNumber = new Map(existing.map((key) => [key.restaurant_number, key]));
    const byRlid = new Map(existing.map((key) => [key.rlid, key]));
    const byPath = new Map(
      existing.map((key) => [
        pathKey(key.country, { state: key.state_slug, city: key.city_slug, line1: key.line1_slug }),
        key,
      ]),
    );
    const byPage = new Map(
      existing.filter((key) => key.local_page_url).map((key) => [key.local_page_url as string, key]),
    );
    // Restaurants this file rewrites no longer hold their old path or page URL (in-file clashes
    // were caught above), so only other restaurants' values count as taken.
    const inFile = new Set(good.map((row) => row.data.restaurantNumber));
    const takenByOther = (key: repo.LocationImportKey | undefined, number: string) =>
      key !== undefined && key.restaurant_number !== number && !inFile.has(key.restaurant_number);

    const accepted: Array<{ good: GoodRow; current?: repo.LocationImportKey }> = [];
    for (const row of good) {
      const { data } = row;
      const current = byNumber.get(data.restaurantNumber);
      const errors: string[] = [];
      if (current && data.rlid !== undefined && data.rlid !== current.rlid) {
        errors.push(`rlid: restaurant ${data.restaurantNumber} already has rlid ${current.rlid}`);
      }
      const holder = data.rlid === undefined ? undefined : byRlid.get(data.rlid);
      if (!current && holder) errors.push(`rlid: ${data.rlid} belongs to restaurant ${holder.restaurant_number}`);
      const pathHolder = byPath.get(pathKey(data.country, row.slugs));
      if (takenByOther(pathHolder, data.restaurantNumber))
        errors.push(`address1: restaurant ${pathHolder?.restaurant_number} has the same address, city and state`);
      const pageHolder = data.localPageURL ? byPage.get(data.localPageURL) : undefined;
      if (takenByOther(pageHolder, data.restaurantNumber))
        errors.push(`localPageURL: ${data.localPageURL} belongs to restaurant ${pageHolder?.restaurant_number}`);
      if (errors.length) bad.push({ row: row.row, restaurantNumber: data.restaurantNumber, errors });
      else accepted.push({ good: row, current });
    }

    // New restaurants without an rlid get the next free ones, after every rlid in use or asked for.
    let nextRlid =
      Math.max(0, ...existing.map((key) => key.rlid), ...accepted.map(({ good }) => good.data.rlid ?? 0)) + 1;
    const inserts: Array<NewLocationRow & { rlid: number }> = [];
    const results: LocationImportReport['saved'] = [];
    for (const { good: row, current } of accepted) {
      const rlid = current?.rlid ?? row.data.rlid ?? nextRlid++;
      const timeZone = row.data.timeZone ?? tzLookup(row.data.latitude, row.data.longitude);
      const location = toLocationRow(row, rlid, timeZone);
      if (current) await repo.replaceLocation(trx, location);
      else inserts.push(location);
      results.push({
        row: row.row,
        restaurantNumber: row.data.restaurantNumber,
        rlid,
        action: current ? 'updated' : 'created',
        timeZone,
        timeZoneDerived: !row.data.timeZone,
      });
    }
    await repo.insertLocations(trx, inserts);
    return results;
  });

  if (saved.length > 0) await announceLocationChange(db);
  bad.sort((a, b) => a.row - b.row);
  return {
    format: file.format,
    rowCount: file.records.length,
    created: saved.filter((row) => row.action === 'created').length,
    updated: saved.filter((row) => row.action === 'updated').length,
    saved,
    bad,
    unknownColumns: file.unknownColumns,
  };
}

/** The report as printed by the CLI: a summary line, unknown columns once, then each bad row. */
export function formatImportReport(report: LocationImportReport): string {
  const lines = [
    `Read ${report.rowCount} ${report.format.toUpperCase()} row(s): ${report.created} created, ${report.updated} updated, ${report.bad.length} rejected.`,
  ];
  if (report.unknownColumns.length) lines.push(`Ignored unknown column(s): ${report.unknownColumns.join(', ')}.`);
  const derived = report.saved.filter((row) => row.timeZoneDerived).length;
  if (derived) lines.push(`Time zone derived from the coordinates for ${derived} row(s).`);
  for (const row of report.bad) {
    const who = row.restaurantNumber ? ` (restaurant ${row.restaurantNumber})` : '';
    lines.push(`Row ${row.row}${who}: ${row.errors.join('; ')}`);
  }
  return lines.join('\n');
}
