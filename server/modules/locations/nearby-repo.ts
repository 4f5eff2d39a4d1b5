import { sql } from 'kysely';
import type { Db } from '../../db';
import { PREPARED_MARK } from '../../db-prepared';
import { chordSquared, haversineMiles, unitVector, type LatLng } from '../../../shared/locations/geo';
import { CELLS_PER_DEGREE, cellCover, type CellCover } from './cells';
import { API_LOCATION_COLUMNS, type ApiLocationRow } from './mapping';

/**
 * The restaurant finder's queries: the restaurants nearest a point within a radius (by the cells'
 * index or by reading a window, whichever the density says is cheaper) and every restaurant of a
 * state or province, each winner with the API's columns, its miles and the count found.
 */

/** A winner: the columns of the API's Location (and of its live wait estimate), its miles and the count within the radius. */
export type NearbyRow = ApiLocationRow & { distance: number; total: number };

type ApiColumn = (typeof API_LOCATION_COLUMNS)[number];

/**
 * The API's columns by SQL type, in the order the winner's json value lists them. One
 * `array_to_json` per type looks the element type's output function up once per row instead of
 * once per column (json_build_object looks each of its 60 keys and values up: about 0.35 of the
 * 2.2 ms of CPU per search on PGlite's 700 restaurants). Integers go as float8, which holds them
 * exactly; json_build_object wrote every value with the same output functions.
 */
const NEARBY_COLUMNS = {
  text: [
    'restaurant_number',
    'address1',
    'address2',
    'city',
    'state',
    'country',
    'country_root_url',
    'zip',
    'time_zone',
    'phone',
    'reopen_date',
    'local_page_url',
    'estimated_wait_time',
  ],
  number: ['rlid', 'latitude', 'longitude', 'wait_list_max_party_size'],
  boolean: [
    'has_curbside',
    'has_delivery',
    'has_online_ordering',
    'has_take_out',
    'is_dining_room_opened',
    'is_temporarily_closed',
    'outside_dining',
    'is_reservations_enabled',
    'wait_list_ready',
  ],
  json: ['hours', 'curbside_hours', 'delivery_hours', 'special_hours'],
} as const satisfies Record<string, readonly ApiColumn[]>;

/** Compiles only while every column of the API's Location is in NEARBY_COLUMNS. */
const everyColumnListed: Record<
  Exclude<ApiColumn, (typeof NEARBY_COLUMNS)[keyof typeof NEARBY_COLUMNS][number]>,
  never
> = {};
void everyColumnListed;

const GROUPS = [NEARBY_COLUMNS.text, NEARBY_COLUMNS.number, NEARBY_COLUMNS.boolean, NEARBY_COLUMNS.json] as const;

/** json_build_array(array[locations.restaurant_number, ...], array[locations.rlid::float8, ...], ...): one raw fragment built once. */
const nearbyJson = sql.raw(
  `json_build_array(${GROUPS.map((columns) => `array[${columns.map((column) => `locations.${column}${columns === NEARBY_COLUMNS.number ? '::float8' : ''}`).join(', ')}]`).join(', ')})`,
);

/** Where each column of API_LOCATION_COLUMNS sits in the winner's json value: [group, index]. */
const POSITIONS = API_LOCATION_COLUMNS.map((column) => {
  const group = GROUPS.findIndex((columns) => (columns as readonly string[]).includes(column));
  return [column, group, (GROUPS[group] as readonly string[]).indexOf(column)] as const;
});

/**
 * A winner from its json value, its keys in API_LOCATION_COLUMNS order as before. Every key is
 * written in one literal first: thirty keyed stores on an empty object turned it into a
 * dictionary (about 3 KB of garbage per row, and a young-generation collection every 15 searches).
 */
function nearbyRow(value: unknown[][], centre: LatLng, total: number): NearbyRow {
  const row: Record<keyof NearbyRow, unknown> = {
    rlid: undefined,
    restaurant_number: undefined,
    address1: undefined,
    address2: undefined,
    city: undefined,
    state: undefined,
    country: undefined,
    country_root_url: undefined,
    zip: undefined,
    latitude: undefined,
    longitude: undefined,
    time_zone: undefined,
    hours: undefined,
    curbside_hours: undefined,
    delivery_hours: undefined,
    special_hours: undefined,
    phone: undefined,
    has_curbside: undefined,
    has_delivery: undefined,
    has_online_ordering: undefined,
    has_take_out: undefined,
    is_dining_room_opened: undefined,
    is_temporarily_closed: undefined,
    outside_dining: undefined,
    is_reservations_enabled: undefined,
    reopen_date: undefined,
    local_page_url: undefined,
    estimated_wait_time: undefined,
    wait_list_max_party_size: undefined,
    wait_list_ready: undefined,
    distance: 0,
    total,
  };
  for (const [column, group, index] of POSITIONS) row[column] = value[group]![index];
  const winner = row as NearbyRow;
  winner.distance = haversineMiles(centre, winner);
  return winner;
}

/**
 * How findNearby's statement is shaped (docs/decisions/2026-11-26-nearest-cells.md):
 * - `window`: every candidate in the circle is read, ordered and counted (count(*) over ()): the
 *   cheapest when the circle holds a few hundred restaurants;
 * - `cells`: the total from the grid cells' stored counts plus an exact test of the cells the
 *   circle's edge crosses, and the nearest searched within `nearMiles` first.
 * Both answer exactly the same; only their cost differs.
 */
export type NearbyShape = { kind: 'window' } | { kind: 'cells'; nearMiles: number };

/** Below this many expected candidates reading them all costs less than the cells' index probes. */
const WINDOW_BELOW_CANDIDATES = 800;
/**
 * The small circle is sized to hold about this many times the limit at the density of earlier
 * searches: falling short costs a second pass over the whole circle, a wider small circle little.
 */
const NEAR_MARGIN = 8;

/**
 * Restaurants per square mile around recent searches, per database: only a guess for choosing
 * the statement's shape (never for the answer), from the exact totals of earlier answers.
 */
const densities = new WeakMap<Db, number>();

function chosenShape(db: Db, radiusMiles: number, limit: number): NearbyShape {
  const density = densities.get(db);
  const expected = density === undefined ? 0 : density * Math.PI * radiusMiles * radiusMiles;
  if (expected < WINDOW_BELOW_CANDIDATES) return { kind: 'window' };
  return { kind: 'cells', nearMiles: Math.max(1, radiusMiles * Math.sqrt((NEAR_MARGIN * limit) / expected)) };
}

function rememberDensity(db: Db, radiusMiles: number, total: number): void {
  if (!(radiusMiles > 0)) return;
  const density = total / (Math.PI * radiusMiles * radiusMiles);
  const before = densities.get(db);
  densities.set(db, before === undefined ? density : 0.8 * before + 0.2 * density);
}

/** Named prepared statement on PostgreSQL (server/db-prepared.ts): planning was about 40 % of the backend's time on 700 rows. */
const prepared = sql.raw(PREPARED_MARK);

/**
 * The database's unit vector of a point and this process's for the same point may differ in the
 * last bit (radians() rounds differently), so a restaurant at the very centre would miss a
 * radius of 0: chord² of about 1e-31 against 0. This slack (a chord of 1e-14) is 0.06 µm on the ground.
 */
const SAME_POINT_CHORD2 = 1e-28;

type ScanRanges = { row: number[]; fromLng: number[]; toLng: number[] };

/** Every cell's longitudes of a cover, merged per row: the ranges of the nearby index to read. */
function scanRanges(cover: CellCover): ScanRanges {
  const pieces = [
    ...cover.whole.row.map((row, i) => ({
      row,
      from: cover.whole.from[i]! / CELLS_PER_DEGREE,
      to: (cover.whole.to[i]! + 1) / CELLS_PER_DEGREE,
    })),
    ...cover.edge.row.map((row, i) => ({ row, from: cover.edge.fromLng[i]!, to: cover.edge.toLng[i]! })),
  ].sort((a, b) => a.row - b.row || a.from - b.from);
  const ranges: ScanRanges = { row: [], fromLng: [], toLng: [] };
  for (const piece of pieces) {
    const last = ranges.row.length - 1;
    if (last >= 0 && ranges.row[last] === piece.row && ranges.toLng[last] === piece.from) ranges.toLng[last] = piece.to;
    else {
      ranges.row.push(piece.row);
      ranges.fromLng.push(piece.from);
      ranges.toLng.push(piece.to);
    }
  }
  return ranges;
}

/**
 * The nearest locations within `radiusMiles`, nearest first, and the count of every location
 * within it, in ONE statement whose shape (NearbyShape) follows how many restaurants earlier
 * searches found. The index ranges are the grid's rows (lat_cell) and the longitudes the circle
 * can reach in each, and the index holds each point's unit vector: the radius test (chord²
 * against the radius'), the counts and the ordering read the index alone; only the winners' rows
 * are read. Their exact miles are the shared haversine. `shape` is for tests and the bench.
 */
export async function findNearby(
  db: Db,
  centre: LatLng,
  radiusMiles: number,
  limit: number,
  shape = chosenShape(db, radiusMiles, limit),
): Promise<NearbyRow[]> {
  const { rows } = await nearbyStatement(centre, radiusMiles, limit, shape).execute(db);
  rememberDensity(db, radiusMiles, Number(rows[0]?.total ?? 0));
  return rows.map(({ location, total }) => nearbyRow(location, centre, Number(total)));
}

/**
 * findNearby's statement. With `cells`, the count adds the stored counts of the grid cells wholly
 * inside the circle (location_cells, kept by triggers) to an exact test of the rows in the cells
 * its edge crosses, and the nearest are searched within `nearMiles` first; only when fewer than
 * `limit` lie there does the statement read the whole circle.
 */
export function nearbyStatement(centre: LatLng, radiusMiles: number, limit: number, shape: NearbyShape) {
  const cover = cellCover(centre, radiusMiles);
  const all = scanRanges(cover);
  const v = unitVector(centre);
  const chord2 = sql`(l.x - ${v.x}::float8) * (l.x - ${v.x}::float8) + (l.y - ${v.y}::float8) * (l.y - ${v.y}::float8) + (l.z - ${v.z}::float8) * (l.z - ${v.z}::float8)`;
  const within = chordSquared(radiusMiles) + SAME_POINT_CHORD2;
  // `offset 0` keeps the planner from merging the candidates into their caller, which would
  // compute chord² again for the radius test.
  const candidates = (ranges: ScanRanges) => sql`
    select l.rlid, ${chord2} as chord2
    from unnest(${ranges.row}::int[], ${ranges.fromLng}::float8[], ${ranges.toLng}::float8[]) as r(lat_cell, from_lng, to_lng)
    join locations l on l.lat_cell = r.lat_cell and l.longitude >= r.from_lng and l.longitude < r.to_lng
    offset 0`;
  const nearest = (ranges: ScanRanges, chordLimit: number) => sql`
    select rlid, chord2 from (${candidates(ranges)}) as candidate
    where chord2 <= ${chordLimit}
    order by chord2, rlid
    limit ${limit}`;
  // The whole circle is read only when the small one holds fewer than `limit`: its count is a
  // pseudo-constant, so the planner makes it a one-time filter and never starts the other branch.
  if (shape.kind === 'window') {
    return sql<{ location: unknown[][]; total: number }>`${prepared}
      select ${nearbyJson} as location, winner.total
      from (
        select rlid, chord2, count(*) over () as total from (${candidates(all)}) as candidate
        where chord2 <= ${within}
        order by chord2, rlid
        limit ${limit}
      ) as winner
      join locations on locations.rlid = winner.rlid
      order by winner.chord2, winner.rlid`;
  }
  const { nearMiles } = shape;
  const winners =
    radiusMiles > nearMiles
      ? sql`
        with near as materialized (${nearest(scanRanges(cellCover(centre, nearMiles)), chordSquared(nearMiles) + SAME_POINT_CHORD2)})
        select rlid, chord2 from near where (select count(*) from near) >= ${limit}
        union all
        select rlid, chord2 from (${nearest(all, within)}) as far where (select count(*) from near) < ${limit}`
      : nearest(all, within);
  const total = sql`
    (select coalesce(sum(cell.n), 0)
     from unnest(${cover.whole.row}::int[], ${cover.whole.from}::int[], ${cover.whole.to}::int[]) as w(lat_cell, from_cell, to_cell)
     cross join lateral (
       select sum(c.n) as n from location_cells c
       where c.lat_cell = w.lat_cell and c.lng_cell >= w.from_cell and c.lng_cell <= w.to_cell
     ) as cell)
    + (select count(*)
     from unnest(${cover.edge.row}::int[], ${cover.edge.fromLng}::float8[], ${cover.edge.toLng}::float8[]) as r(lat_cell, from_lng, to_lng)
     join locations l on l.lat_cell = r.lat_cell and l.longitude >= r.from_lng and l.longitude < r.to_lng
     where ${chord2} <= ${within})`;
  // One sql template rather than the query builder: building and walking the builder's tree took
  // about a third of this function's own CPU on 700 restaurants. Each shape has one text (the
  // ranges are arrays), so on PostgreSQL it is parsed and planned once per connection.
  return sql<{ location: unknown[][]; total: number }>`${prepared}
    select ${nearbyJson} as location, ${total} as total
    from (${winners}) as winner
    join locations on locations.rlid = winner.rlid
    order by winner.chord2, winner.rlid`;
}

/**
 * Every restaurant of one state or province (not only those within a radius of its centre),
 * nearest the given point first, with the count of all of them: a region search (issue 29).
 * Same row shape as findNearby; the (country, state) index finds and counts them.
 */
export async function findInRegion(
  db: Db,
  region: { country: string; state: string },
  centre: LatLng,
  limit: number,
): Promise<NearbyRow[]> {
  const v = unitVector(centre);
  const chord2 = sql`(l.x - ${v.x}::float8) * (l.x - ${v.x}::float8) + (l.y - ${v.y}::float8) * (l.y - ${v.y}::float8) + (l.z - ${v.z}::float8) * (l.z - ${v.z}::float8)`;
  // The winners and the count from the index alone; the API's columns only for the winners.
  const { rows } = await sql<{ location: unknown[][]; total: number }>`${prepared}
    select ${nearbyJson} as location, winner.total
    from (
      select l.rlid, ${chord2} as chord2, count(*) over () as total
      from locations l
      where l.country = ${region.country} and l.state = ${region.state}
      order by chord2, l.rlid
      limit ${limit}
    ) as winner
    join locations on locations.rlid = winner.rlid
    order by winner.chord2, winner.rlid`.execute(db);
  return rows.map(({ location, total }) => nearbyRow(location, centre, Number(total)));
}
