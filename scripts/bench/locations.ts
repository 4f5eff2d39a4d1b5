import { sql } from 'kysely';
import { openDatabase, migrateToLatest, type DatabaseTarget, type Db } from '../../server/db';
import { findInRegion, findNearby } from '../../server/modules/locations/nearby-repo';
import { insertLocations } from '../../server/modules/locations/repo';
import { demoLocations } from '../../server/seed/location-demo-data';
import { adminQuery, reachableAdminUrl } from './waitlist';

export type QueryLatency = {
  query: string;
  database: string;
  locations: number;
  p50: number;
  p95: number;
  'CPU ms': number | string;
  'mean total': number;
};

const RADIUS_MILES = 200;
const LIMIT = 26;
const RUNS = 300;
/**
 * Unmeasured queries first, for as long as the page-cache bench warms its server (3 s): a server
 * answers from a warm process. A count of runs was not enough: after 100 queries V8 was still
 * optimising (about 100 more functions in the next 1,500), and on a 2-core machine its compiler
 * threads, with the first old-generation marking, competed with the database for the CPU, which
 * put p95 at about twice the steady p50.
 */
const WARM_UP_MS = 3000;

/** A deterministic pseudo-random sequence, so every run measures the same centres. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * `count` synthetic restaurants spread around the demo ones (new rlids, unique addresses), copied
 * in one statement from their demo restaurant: row-by-row inserts of 100,000 wide rows took
 * minutes on PGlite. The database derives the generated columns as for any other writer.
 */
export async function insertSyntheticRows(db: Db, count: number): Promise<void> {
  const base = demoLocations();
  const random = sequence(42);
  const source: number[] = [];
  const rlid: number[] = [];
  const latitude: number[] = [];
  const longitude: number[] = [];
  for (let i = 0; i < count; i++) {
    const row = base[i % base.length]!;
    source.push(row.rlid!);
    rlid.push(1_000_000 + i);
    latitude.push(row.latitude + (random() - 0.5) * 2);
    longitude.push(row.longitude + (random() - 0.5) * 2);
  }
  const written = await sql<{ column_name: string }>`
    select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = 'locations' and is_generated = 'NEVER'
    order by ordinal_position`.execute(db);
  const replaced: Record<string, string> = {
    rlid: 'u.rlid',
    restaurant_number: 'u.rlid::text',
    latitude: 'u.latitude',
    longitude: 'u.longitude',
    local_page_url: 'null',
    line1_slug: `'bench-' || u.rlid`,
  };
  const columns = written.rows.map((r) => r.column_name);
  const values = columns.map((c) => replaced[c] ?? `s.${c}`);
  await sql`
    insert into locations (${sql.raw(columns.join(', '))})
    select ${sql.raw(values.join(', '))}
    from unnest(${source}::int[], ${rlid}::int[], ${latitude}::float8[], ${longitude}::float8[]) as u(source, rlid, latitude, longitude)
    join locations s on s.rlid = u.source`.execute(db);
}

type Search = (db: Db, pick: () => number) => Promise<Array<{ total: number }>>;

/** The nearest 26 within 200 miles of a demo restaurant. */
const nearestSearch: Search = (db, pick) => {
  const centres = demoLocations();
  const centre = centres[Math.floor(pick() * centres.length)]!;
  return findNearby(db, { latitude: centre.latitude, longitude: centre.longitude }, RADIUS_MILES, LIMIT);
};

/** A state or province search (issue 29): the 26 of a demo region nearest its centre, and the count of all. */
function regionSearch(): Search {
  const sums = new Map<string, { country: string; state: string; latitude: number; longitude: number; n: number }>();
  for (const row of demoLocations()) {
    const key = `${row.country}:${row.state}`;
    const sum = sums.get(key) ?? { country: row.country, state: row.state, latitude: 0, longitude: 0, n: 0 };
    sum.latitude += row.latitude;
    sum.longitude += row.longitude;
    sum.n += 1;
    sums.set(key, sum);
  }
  const regions = [...sums.values()];
  return (db, pick) => {
    const region = regions[Math.floor(pick() * regions.length)]!;
    const centre = { latitude: region.latitude / region.n, longitude: region.longitude / region.n };
    return findInRegion(db, region, centre, LIMIT);
  };
}

async function measure(
  db: Db,
  database: string,
  locations: number,
  cpuMeasured: boolean,
  query = 'nearest-26',
  search: Search = nearestSearch,
): Promise<QueryLatency> {
  const warmUp = sequence(3);
  for (const until = performance.now() + WARM_UP_MS; performance.now() < until;) await search(db, warmUp);
  const random = sequence(7);
  const times: number[] = [];
  let totals = 0;
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const rows = await search(db, random);
    times.push(performance.now() - started);
    totals += rows[0]?.total ?? 0;
  }
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  const at = (q: number) => Number(times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2));
  return {
    query,
    database,
    locations,
    p50: at(0.5),
    p95: at(0.95),
    // In-process PGlite: this process's CPU is the query's, whatever else the machine runs.
    'CPU ms': cpuMeasured ? Number(((cpu.user + cpu.system) / 1000 / RUNS).toFixed(2)) : 'n/a',
    'mean total': Math.round(totals / RUNS),
  };
}

/**
 * The nearest-26 query (radius 200 miles) on the 700 demo restaurants, then on 100,000. Give it
 * a throw-away database: it empties the locations table. VACUUM ANALYZE after each load, as
 * autovacuum would do on PostgreSQL, so the index-only scan skips the table.
 */
export async function benchNearestQuery(target: DatabaseTarget, label: string = target.kind): Promise<QueryLatency[]> {
  const handle = openDatabase(target);
  const inProcess = target.kind !== 'postgres';
  try {
    await migrateToLatest(handle.db);
    await handle.db.deleteFrom('locations').execute();
    await insertLocations(handle.db, demoLocations());
    await sql`vacuum analyze locations, location_cells`.execute(handle.db);
    const region = regionSearch();
    const results = [await measure(handle.db, label, demoLocations().length, inProcess)];
    results.push(await measure(handle.db, label, demoLocations().length, inProcess, 'region, 26 of all', region));
    await insertSyntheticRows(handle.db, 100_000 - demoLocations().length);
    await sql`vacuum analyze locations, location_cells`.execute(handle.db);
    results.push(await measure(handle.db, label, 100_000, inProcess));
    results.push(await measure(handle.db, label, 100_000, inProcess, 'region, 26 of all', region));
    return results;
  } finally {
    await handle.close();
  }
}

/**
 * The same bench on a throw-away PostgreSQL database (skipped, saying why, without one) and on
 * in-memory PGlite. PostgreSQL goes first: PGlite's 100,000-row load leaves this process hundreds
 * of megabytes of garbage, and collecting it must not pause this process inside the PostgreSQL
 * timings (the client's pauses, not the query's, would count in their p95).
 */
export async function benchNearestBoth(): Promise<QueryLatency[]> {
  const results: QueryLatency[] = [];
  const admin = await reachableAdminUrl();
  if ('skip' in admin) console.log(`Nearest-26 on PostgreSQL: skipped, ${admin.skip}.`);
  else {
    const name = `harborline_bench_nearest_${Date.now()}`;
    await adminQuery(admin.url, `CREATE DATABASE ${name}`);
    try {
      const url = new URL(admin.url);
      url.pathname = `/${name}`;
      results.push(...(await benchNearestQuery({ kind: 'postgres', url: url.href }, 'PostgreSQL')));
    } finally {
      await adminQuery(admin.url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  }
  results.unshift(...(await benchNearestQuery({ kind: 'pglite-memory' }, 'PGlite (memory)')));
  return results;
}
