import { sql } from 'kysely';
import { openDatabase, migrateToLatest, type DatabaseTarget } from '../../server/db';
import { findNearby, insertLocations } from '../../server/modules/locations/repo';
import type { NewLocationRow } from '../../server/modules/locations/table';
import { demoLocations } from '../../server/seed/location-demo-data';

export type QueryLatency = { locations: number; p50: number; p95: number };

/** A deterministic pseudo-random sequence, so every run measures the same centres. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** `count` synthetic restaurants spread around the demo ones (new rlids, unique addresses). */
function syntheticRows(count: number): NewLocationRow[] {
  const base = demoLocations();
  const random = sequence(42);
  return Array.from({ length: count }, (_, i) => {
    const source = base[i % base.length]!;
    const rlid = 1_000_000 + i;
    return {
      ...source,
      rlid,
      restaurant_number: String(rlid),
      latitude: source.latitude + (random() - 0.5) * 2,
      longitude: source.longitude + (random() - 0.5) * 2,
      local_page_url: null,
      line1_slug: `bench-${rlid}`,
    };
  });
}

async function measure(db: Parameters<typeof findNearby>[0], runs: number): Promise<{ p50: number; p95: number }> {
  const centres = demoLocations();
  const random = sequence(7);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const centre = centres[Math.floor(random() * centres.length)]!;
    const started = performance.now();
    await findNearby(db, { latitude: centre.latitude, longitude: centre.longitude }, 200, 26);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Number(times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2));
  return { p50: at(0.5), p95: at(0.95) };
}

/**
 * The nearest-26 query (radius 200 miles) on the 700 demo restaurants, then on 100,000. Give it
 * a throw-away database: it empties the locations table.
 */
export async function benchNearestQuery(target: DatabaseTarget): Promise<QueryLatency[]> {
  const handle = openDatabase(target);
  try {
    await migrateToLatest(handle.db);
    await handle.db.deleteFrom('locations').execute();
    await insertLocations(handle.db, demoLocations());
    const results: QueryLatency[] = [{ locations: demoLocations().length, ...(await measure(handle.db, 300)) }];
    await insertLocations(handle.db, syntheticRows(100_000 - demoLocations().length), 500);
    await sql`ANALYZE locations`.execute(handle.db);
    results.push({ locations: 100_000, ...(await measure(handle.db, 300)) });
    return results;
  } finally {
    await handle.close();
  }
}
