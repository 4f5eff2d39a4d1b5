import { sql } from 'kysely';
import type { Db } from '../../db';
import type { LocationRow, NewLocationRow } from './table';

export function findByRlid(db: Db, rlid: number): Promise<LocationRow | undefined> {
  return db.selectFrom('locations').selectAll().where('rlid', '=', rlid).executeTakeFirst();
}

export function findByLocalPageUrl(db: Db, localPageUrl: string): Promise<LocationRow | undefined> {
  return db.selectFrom('locations').selectAll().where('local_page_url', '=', localPageUrl).executeTakeFirst();
}

export type DirectoryCityRow = {
  state: string;
  state_name: string;
  state_slug: string;
  city: string;
  city_slug: string;
};

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
  const row = await db
    .selectFrom('locations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Batched multi-row inserts: a few hundred rows per statement keeps seeding fast on PGlite. */
export async function insertLocations(db: Db, rows: NewLocationRow[], batchSize = 200): Promise<void> {
  for (let i = 0; i < rows.length; i += batchSize) {
    await db
      .insertInto('locations')
      .values(rows.slice(i, i + batchSize))
      .execute();
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
  await db
    .updateTable('locations')
    .set({ ...values, updated_at: sql`now()` })
    .where('rlid', '=', rlid)
    .execute();
}
