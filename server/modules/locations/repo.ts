import { sql } from 'kysely';
import type { Db } from '../../db';
import { boundingBox, chordSquared, haversineMiles, unitVector, type LatLng } from '../../../shared/locations/geo';
import { API_LOCATION_COLUMNS, type ApiLocationRow } from './mapping';
import type { LocationRow, NewLocationRow } from './table';

/** A winner: the columns of the API's Location (and of its live wait estimate), its miles and the count within the radius. */
export type NearbyRow = ApiLocationRow & { distance: number; total: number };

/**
 * json_build_object('rlid', locations.rlid, ...): the winner's columns as one json value, one
 * raw fragment built once from the constant column list.
 */
const nearbyJson = sql.raw(`json_build_object(${API_LOCATION_COLUMNS.map((column) => `'${column}', locations.${column}`).join(', ')})`);

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
  const bands = latitudeBands(box.minLat, box.maxLat);
  const v = unitVector(centre);
  // One sql template rather than the query builder: the statement is fixed, and building and
  // walking the builder's tree took about a third of this function's own CPU on 700 restaurants.
  // The inner select computes chord² once per candidate; `offset 0` keeps the planner from
  // merging it into the outer one, which would compute it again for the radius test.
  const { rows } = await sql<{ location: ApiLocationRow; total: number }>`
    select ${nearbyJson} as location, nearest.total
    from (
      select rlid, chord2, count(*) over () as total
      from (
        select rlid, (x - ${v.x}::float8) * (x - ${v.x}::float8) + (y - ${v.y}::float8) * (y - ${v.y}::float8) + (z - ${v.z}::float8) * (z - ${v.z}::float8) as chord2
        from locations
        where lat_band in (${sql.join(bands)}) and longitude >= ${box.minLng} and longitude <= ${box.maxLng} and latitude >= ${box.minLat} and latitude <= ${box.maxLat}
        offset 0
      ) as candidate
      where chord2 <= ${chordSquared(radiusMiles)}
      order by chord2, rlid
      limit ${limit}
    ) as nearest
    join locations on locations.rlid = nearest.rlid
    order by nearest.chord2, nearest.rlid`.execute(db);
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
