import { expect } from 'chai';
import { sql } from 'kysely';
import { toApiLocation } from '../../server/modules/locations/mapping';
import { findNearby, type NearbyShape } from '../../server/modules/locations/nearby-repo';
import { findByRlid, insertLocations, replaceLocation } from '../../server/modules/locations/repo';
import type { NewLocationRow } from '../../server/modules/locations/table';
import { EARTH_RADIUS_MILES, haversineMiles, type LatLng } from '../../shared/locations/geo';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { testLocationRow } from '../helpers/location-row';

/** A deterministic pseudo-random sequence: a failure names a case that reruns the same. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

let nextRlid = 500_000;
function location(point: LatLng): NewLocationRow & { rlid: number } {
  return testLocationRow(nextRlid++, point);
}

/** Due north of `from` by exactly `miles` along the meridian (the haversine of a latitude step is R times it). */
const north = (from: LatLng, miles: number): LatLng => ({
  latitude: from.latitude + (miles / EARTH_RADIUS_MILES) * (180 / Math.PI),
  longitude: from.longitude,
});

type Expected = { rlid: number; distance: number };

/** The answer by brute force: every row's haversine in JavaScript, nearest first, ties by rlid. */
function bruteForce(
  rows: Array<LatLng & { rlid: number }>,
  centre: LatLng,
  radius: number,
  limit: number,
): { total: number; nearest: Expected[] } {
  const within = rows
    .map((row) => ({ rlid: row.rlid, distance: haversineMiles(centre, row) }))
    .filter((row) => row.distance <= radius)
    .sort((a, b) => a.distance - b.distance || a.rlid - b.rlid);
  return { total: within.length, nearest: within.slice(0, limit) };
}

describe('nearby query (findNearby) against a brute-force haversine', () => {
  let database: TestDatabase;
  const rows: Array<NewLocationRow & { rlid: number }> = [];
  const KANSAS = { latitude: 38.5, longitude: -98.0 };

  before(async function () {
    this.timeout(300_000); // the process's first database may wait for its template to be built
    database = await createTestDatabase();
    const random = sequence(2026);
    // A dense cluster, a sparse spread, two restaurants at the very same point (a tie the rlid
    // breaks), a few near the antimeridian and the north pole, and the radius edges of Kansas.
    for (let i = 0; i < 300; i++)
      rows.push(
        location({
          latitude: KANSAS.latitude + (random() - 0.5) * 6,
          longitude: KANSAS.longitude + (random() - 0.5) * 8,
        }),
      );
    for (let i = 0; i < 200; i++)
      rows.push(location({ latitude: (random() - 0.5) * 170, longitude: (random() - 0.5) * 358 }));
    rows.push(location({ latitude: 39.1, longitude: -97.2 }), location({ latitude: 39.1, longitude: -97.2 }));
    for (const lng of [179.95, -179.95, 179.5, -179.2]) rows.push(location({ latitude: 51.2, longitude: lng }));
    for (const lng of [0, 90, -120, 179]) rows.push(location({ latitude: 89.6, longitude: lng }));
    rows.push(location(north(KANSAS, 100 - 0.001)), location(north(KANSAS, 100 + 0.001)));
    await insertLocations(database.db, rows);
  });

  after(async () => {
    await database.close();
  });

  // Every shape of the statement: all candidates with a window count; grid counts with a small
  // first circle that usually falls short (1 mile), that usually suffices (25), or none (1e6).
  const shapes: Array<NearbyShape | undefined> = [
    undefined,
    { kind: 'window' },
    { kind: 'cells', nearMiles: 1 },
    { kind: 'cells', nearMiles: 25 },
    { kind: 'cells', nearMiles: 1e6 },
  ];

  async function expectSameAs(centre: LatLng, radius: number, limit: number): Promise<void> {
    const expected = bruteForce(rows, centre, radius, limit);
    for (const shape of shapes) {
      const found = await findNearby(database.db, centre, radius, limit, shape);
      const where = `centre ${centre.latitude},${centre.longitude} radius ${radius} limit ${limit} shape ${JSON.stringify(shape)}`;
      expect(
        found.map((row) => row.rlid),
        where,
      ).to.deep.equal(expected.nearest.map((row) => row.rlid));
      found.forEach((row, i) =>
        expect(row.distance, `${where}, #${i}`).to.be.closeTo(expected.nearest[i]!.distance, 0.01),
      );
      if (found.length)
        expect(
          found.every((row) => row.total === expected.total),
          where,
        ).to.equal(true);
      else expect(expected.total, where).to.equal(0);
    }
  }

  it('finds the same restaurants, order, miles and total as the brute force for random centres and radii', async () => {
    const random = sequence(7);
    for (let i = 0; i < 40; i++) {
      const centre =
        i % 2
          ? { latitude: KANSAS.latitude + (random() - 0.5) * 8, longitude: KANSAS.longitude + (random() - 0.5) * 10 }
          : { latitude: (random() - 0.5) * 170, longitude: (random() - 0.5) * 358 };
      const radius = [1, 25, 100, 200, 500, 2500][i % 6]!;
      await expectSameAs(centre, radius, [1, 26, 100][i % 3]!);
    }
  });

  it('counts every restaurant within the radius, not only the ones under the limit', async () => {
    const found = await findNearby(database.db, KANSAS, 200, 5);
    expect(found).to.have.length(5);
    expect(found[0]!.total)
      .to.equal(bruteForce(rows, KANSAS, 200, 5).total)
      .and.be.greaterThan(100);
  });

  it('keeps a restaurant just inside the radius and leaves out one just outside', async () => {
    const found = await findNearby(database.db, KANSAS, 100, 1000);
    const inside = rows.at(-2)!;
    const outside = rows.at(-1)!;
    expect(found.map((row) => row.rlid))
      .to.include(inside.rlid)
      .and.not.include(outside.rlid);
    expect(found.at(-1)!.rlid).to.equal(inside.rlid);
    expect(found.at(-1)!.distance).to.be.closeTo(99.999, 0.0005);
  });

  it('breaks a tie between two restaurants at the same point by rlid', async () => {
    const found = await findNearby(database.db, { latitude: 39.1, longitude: -97.2 }, 1, 26);
    expect(found.map((row) => row.distance)).to.deep.equal([0, 0]);
    expect(found[0]!.rlid).to.be.lessThan(found[1]!.rlid);
  });

  it('crosses the antimeridian and reaches round the pole', async () => {
    await expectSameAs({ latitude: 51.2, longitude: 179.9 }, 50, 26);
    await expectSameAs({ latitude: 51.2, longitude: -179.9 }, 50, 26);
    await expectSameAs({ latitude: 89.9, longitude: -45 }, 60, 26);
  });

  it('answers nothing (and no total) where no restaurant is within the radius', async () => {
    for (const shape of shapes) {
      expect(await findNearby(database.db, { latitude: -60, longitude: -30 }, 10, 26, shape)).to.deep.equal([]);
      expect(await findNearby(database.db, KANSAS, 0.0001, 26, shape)).to.deep.equal([]);
    }
  });

  it('with a radius of 0 finds only restaurants at the very centre', async () => {
    await expectSameAs({ latitude: 39.1, longitude: -97.2 }, 0, 26);
    await expectSameAs({ latitude: 39.1001, longitude: -97.2 }, 0, 26);
  });

  it('reads every column the API location is made of: each winner maps to the same Location as its full row', async () => {
    // One restaurant with every optional field filled, so a column left out of the search would show.
    const full = rows[1]!;
    await database.db
      .updateTable('locations')
      .set({
        address2: 'Suite 2',
        country_root_url: 'https://example.com/us/',
        reopen_date: '2027-01-15',
        local_page_url: 'testville-ks-1',
        estimated_wait_time: '15 min',
        wait_list_max_party_size: 8,
        wait_list_ready: false,
        has_curbside: true,
        hours: JSON.stringify([{ dayOfWeek: 1, open: '11:00', close: '22:00' }]),
        special_hours: JSON.stringify([{ date: '2026-12-25', closed: true }]),
      })
      .where('rlid', '=', full.rlid)
      .execute();
    const found = await findNearby(database.db, full, 50, 26);
    expect(found.map((row) => row.rlid)).to.include(full.rlid);
    for (const row of found) {
      const { distance: _distance, total: _total, ...location } = row;
      expect(toApiLocation(location), `rlid ${row.rlid}`).to.deep.equal(
        toApiLocation((await findByRlid(database.db, row.rlid))!),
      );
    }
    expect(toApiLocation(found.find((row) => row.rlid === full.rlid)!)).to.include({
      address2: 'Suite 2',
      reopenDate: '2027-01-15',
      waitListMaxPartySize: 8,
      hasCurbside: true,
    });
    await replaceLocation(database.db, full);
  });

  it('follows a restaurant moved by any writer: the database derives its search columns', async () => {
    const moved = rows[0]!;
    const far = { latitude: -33.9, longitude: 18.4 };
    await database.db.updateTable('locations').set(far).where('rlid', '=', moved.rlid).execute();
    expect((await findNearby(database.db, far, 1, 26)).map((row) => row.rlid)).to.deep.equal([moved.rlid]);
    await replaceLocation(database.db, { ...moved, latitude: -34.9, longitude: 138.6 });
    expect(await findNearby(database.db, far, 1, 26)).to.deep.equal([]);
    expect(
      (await findNearby(database.db, { latitude: -34.9, longitude: 138.6 }, 1, 26)).map((row) => row.rlid),
    ).to.deep.equal([moved.rlid]);
    await replaceLocation(database.db, moved);
    await expectSameAs(KANSAS, 200, 26);
  });
});

describe('nearby query on PostgreSQL: a named prepared statement per connection', () => {
  let database: TestDatabase;

  before(async function () {
    this.timeout(300_000); // the process's first database may wait for its template to be built
    if (process.env.TEST_DB !== 'postgres') this.skip();
    database = await createTestDatabase({ poolSize: 1 });
    await insertLocations(database.db, [location({ latitude: 38.5, longitude: -98 })]);
  });

  after(async () => {
    await database?.close();
  });

  it('prepares each shape once and answers the same on later calls', async () => {
    const centre = { latitude: 38.5, longitude: -98 };
    const first = await findNearby(database.db, centre, 200, 26, { kind: 'window' });
    for (let i = 0; i < 7; i++)
      expect(await findNearby(database.db, centre, 200, 26, { kind: 'window' })).to.deep.equal(first);
    await findNearby(database.db, centre, 200, 26, { kind: 'cells', nearMiles: 25 });
    await findNearby(database.db, { latitude: 10, longitude: 10 }, 5, 3, { kind: 'cells', nearMiles: 25 });
    const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
      database.db,
    );
    expect(rows.filter((row) => row.statement.startsWith('/* prepared */'))).to.have.length(3);
    expect(first.map((row) => row.total)).to.deep.equal([1]);
  });

  it('leaves statements without the mark unnamed', async () => {
    await sql`select 1`.execute(database.db);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_prepared_statements where statement not like '/* prepared */%'`.execute(
      database.db,
    );
    expect(rows[0]!.n).to.equal(0);
  });
});
