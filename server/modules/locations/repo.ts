import { sql } from 'kysely';
import type { Db } from '../../db';
import { boundingBox, chordSquared, haversineMiles, unitVector, type LatLng } from '../../../shared/locations/geo';
import { API_LOCATION_COLUMNS, type ApiLocationRow } from './mapping';
import type { LocationRow, NewLocationRow } from './table';

/** A winner: the columns of the API's Location (and of its live wait estimate), its miles and the count within the radius. */
export type NearbyRow = ApiLocationRow & { distance: number; total: number };

/**
 * json_build_object('rlid', locations.rlid, ...): the winner's columns as one json value. One raw
 * fragment built once from the constant column list: as sixty literal and reference nodes, Kysely
 * and the page cache's plugin walked and compiled them on every search.
 */
const nearbyJson = sql<ApiLocationRow>`${sql.raw(`json_build_object(${API_LOCATION_COLUMNS.map((column) => `'${column}', locations.${column}`).join(', ')})`)}`;

/**
 * The nearest locations within `radiusMiles`, nearest first, in ONE statement. The one-degree
 * latitude bands and the longitude range of the bounding box are short ranges of the nearby
 * index, which also holds each point's unit vector: the radius test (chord² against the radius'),
 * the count of every location within the radius and the ordering run on the index alone, and
 * only the winners' rows are read. Their exact miles are the shared haversine.
 * docs/decisions/2026-11-26-nearest-query.md has the measurements behind the shape.
 */
export async function findNearby(db: Db, centre: LatLng, radiusMiles: number, limit: number): Promise<NearbyRow[]> {
  const box = boundingBox(centre, radiusMiles);
  const v = unitVector(centre);
  // chord² once per candidate: the inner select computes it, `offset 0` keeps the planner from
  // merging it into the outer one (which would compute it again for the radius test).
  const candidates = db
    .selectFrom('locations')
    .select(['rlid', sql<number>`(x - ${v.x}::float8) * (x - ${v.x}::float8) + (y - ${v.y}::float8) * (y - ${v.y}::float8) + (z - ${v.z}::float8) * (z - ${v.z}::float8)`.as('chord2')])
    .where('lat_band', 'in', latitudeBands(box.minLat, box.maxLat))
    .where('longitude', '>=', box.minLng)
    .where('longitude', '<=', box.maxLng)
    .where('latitude', '>=', box.minLat)
    .where('latitude', '<=', box.maxLat)
    .offset(0)
    .as('candidate');
  const nearest = db
    .selectFrom(candidates)
    .select(['rlid', 'chord2', sql<number>`count(*) over ()`.as('total')])
    .where('chord2', '<=', chordSquared(radiusMiles))
    .orderBy('chord2')
    .orderBy('rlid')
    .limit(limit)
    .as('nearest');
  // Each winner as one json value of the columns above: PGlite decodes a result field by field
  // in JavaScript, and the whole row through to_json spent half its time on unused columns.
  const rows = await db
    .selectFrom(nearest)
    .innerJoin('locations', 'locations.rlid', 'nearest.rlid')
    .select([nearbyJson.as('location'), 'nearest.total'])
    .orderBy('nearest.chord2')
    .orderBy('nearest.rlid')
    .execute();
  return rows.map(({ location, total }) => ({ ...location, distance: haversineMiles(centre, location), total: Number(total) }));
}

/** Every one-degree band (the table's generated floor(latitude)) the latitude range touches. */
function latitudeBands(minLat: number, maxLat: number): number[] {
  const first = Math.floor(minLat);
  return Array.from({ length: Math.floor(maxLat) - first + 1 }, (_, i) => first + i);
}

export function findByRlid(db: Db, rlid: number): Promise<LocationRow | undefined> {
  return db.selectFrom('locations').selectAll().where('rlid', '=', rlid).executeTakeFirst();
}

export function findByLocalPageUrl(db: Db, localPageUrl: string): Promise<LocationRow | undefined> {
  return db.selectFrom('locations').selectAll().where('local_page_url', '=', localPageUrl).executeTakeFirst();
}

export type DirectoryCityRow = { state: string; state_name: string; state_slug: string; city: string; city_slug: string };

/** Every state (by name) and its cities, for one country's state list page. */
export function listCities(db: Db, country: string): Promise<DirectoryCityRow[]> {
  return db
    .selectFrom('locations')
    .select(['state', 'state_name', 'state_slug', 'city', 'city_slug'])
    .distinct()
    .where('country', '=', country)
    .orderBy('state_name')
    .orderBy('city')
    .execute();
}

export function findInCity(db: Db, country: string, stateSlug: string, citySlug: string): Promise<LocationRow[]> {
  return db
    .selectFrom('locations')
    .selectAll()
    .where('country', '=', country)
    .where('state_slug', '=', stateSlug)
    .where('city_slug', '=', citySlug)
    .orderBy('address1')
    .execute();
}

export function findByDirectoryPath(
  db: Db,
  country: string,
  path: { stateSlug: string; citySlug: string; line1Slug: string },
): Promise<LocationRow | undefined> {
  return db
    .selectFrom('locations')
    .selectAll()
    .where('country', '=', country)
    .where('state_slug', '=', path.stateSlug)
    .where('city_slug', '=', path.citySlug)
    .where('line1_slug', '=', path.line1Slug)
    .executeTakeFirst();
}

export async function countLocations(db: Db): Promise<number> {
  const row = await db.selectFrom('locations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Batched multi-row inserts: a few hundred rows per statement keeps seeding fast on PGlite. */
export async function insertLocations(db: Db, rows: NewLocationRow[], batchSize = 200): Promise<void> {
  for (let i = 0; i < rows.length; i += batchSize) {
    await db.insertInto('locations').values(rows.slice(i, i + batchSize)).execute();
  }
}

export type LocationImportKey = Pick<
  LocationRow,
  'rlid' | 'restaurant_number' | 'country' | 'state_slug' | 'city_slug' | 'line1_slug' | 'local_page_url'
>;

/** The identifying columns of every location: an import checks its rows against them. */
export function listImportKeys(db: Db): Promise<LocationImportKey[]> {
  return db
    .selectFrom('locations')
    .select(['rlid', 'restaurant_number', 'country', 'state_slug', 'city_slug', 'line1_slug', 'local_page_url'])
    .execute();
}

/** Serialises imports (rlid allocation, conflict checks) until the caller's transaction ends. */
export async function lockForImport(trx: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('locations_import'))`.execute(trx);
}

/** Replaces an existing location's record (the import's row is the full record). */
export async function replaceLocation(db: Db, row: NewLocationRow & { rlid: number }): Promise<void> {
  const { rlid, ...values } = row;
  await db.updateTable('locations').set({ ...values, updated_at: sql`now()` }).where('rlid', '=', rlid).execute();
}
