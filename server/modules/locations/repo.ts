import { sql } from 'kysely';
import type { Db } from '../../db';
import { boundingBox, chordSquared, haversineMiles, unitVector, type LatLng } from '../../../shared/locations/geo';
import type { LocationRow, NewLocationRow } from './table';

export type NearbyRow = LocationRow & { distance: number; total: number };

/**
 * The nearest locations within `radiusMiles`, nearest first, in ONE statement. The one-degree
 * latitude bands and the longitude range of the bounding box are short ranges of the nearby
 * index, which also holds each point's unit vector: the radius test (chord² against the radius'),
 * the count of every location within the radius and the ordering run on the index alone, and
 * only the winners' full rows are read. Their exact miles are the shared haversine.
 */
export async function findNearby(db: Db, centre: LatLng, radiusMiles: number, limit: number): Promise<NearbyRow[]> {
  const box = boundingBox(centre, radiusMiles);
  const bands = latitudeBands(box.minLat, box.maxLat);
  const v = unitVector(centre);
  const chord2 = sql<number>`((x - ${v.x}::float8) * (x - ${v.x}::float8) + (y - ${v.y}::float8) * (y - ${v.y}::float8) + (z - ${v.z}::float8) * (z - ${v.z}::float8))`;
  const nearest = db
    .selectFrom('locations')
    .select(['rlid', chord2.as('chord2'), sql<string>`count(*) over ()`.as('total')])
    .where('lat_band', 'in', bands)
    .where('longitude', '>=', box.minLng)
    .where('longitude', '<=', box.maxLng)
    .where('latitude', '>=', box.minLat)
    .where('latitude', '<=', box.maxLat)
    .where(chord2, '<=', chordSquared(radiusMiles))
    .orderBy('chord2')
    .orderBy('rlid')
    .limit(limit)
    .as('nearest');
  // Each winner comes back as one json value: PGlite decodes a result field by field in
  // JavaScript, and one json field per row instead of fifty took a third off the query's CPU.
  const rows = await db
    .selectFrom(nearest)
    .innerJoin('locations', 'locations.rlid', 'nearest.rlid')
    .select([sql<LocationJson>`to_json(locations)`.as('location'), 'nearest.total'])
    .orderBy('nearest.chord2')
    .orderBy('nearest.rlid')
    .execute();
  return rows.map(({ location, total }) => {
    const row = { ...location, created_at: new Date(location.created_at), updated_at: new Date(location.updated_at) };
    return { ...row, distance: haversineMiles(centre, row), total: Number(total) };
  });
}

/** A row through to_json: timestamps arrive as ISO strings. */
type LocationJson = Omit<LocationRow, 'created_at' | 'updated_at'> & { created_at: string; updated_at: string };

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
