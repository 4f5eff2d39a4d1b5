import { expect } from 'chai';
import { sql } from 'kysely';
import { findNearby, type NearbyShape } from '../../server/modules/locations/nearby-repo';
import { insertLocations } from '../../server/modules/locations/repo';
import { haversineMiles, type LatLng } from '../../shared/locations/geo';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { testLocationRow } from '../helpers/location-row';

/** The one restaurant the 100,000 are copied from. */
const TEMPLATE = testLocationRow(1, { latitude: 38.5, longitude: -98 });

/**
 * The grid's stored counts against a count of the table itself (cells left at 0 by deletes are
 * allowed): the rows where they differ.
 */
async function cellMismatches(database: TestDatabase): Promise<unknown[]> {
  const { rows } = await sql`
    select coalesce(c.lat_cell, t.lat_cell) as lat_cell, coalesce(c.lng_cell, t.lng_cell) as lng_cell, c.n as stored, t.n as counted
    from location_cells c
    full join (select lat_cell, floor(longitude * 4)::smallint as lng_cell, count(*)::integer as n from locations group by 1, 2) t
      on t.lat_cell = c.lat_cell and t.lng_cell = c.lng_cell
    where coalesce(c.n, 0) <> coalesce(t.n, 0)
    limit 5`.execute(database.db);
  return rows;
}

describe('the nearby grid counts (location_cells) on 100,000 restaurants', () => {
  let database: TestDatabase;

  before(async function () {
    this.timeout(300_000); // the process's first database may wait for its template to be built
    database = await createTestDatabase();
    await insertLocations(database.db, [TEMPLATE]);
    // 100,000 restaurants in one statement, copied from one: a quasi-random spread over the
    // United States, with a few at the antimeridian, the poles and on the cells' borders.
    await sql`
      insert into locations (rlid, restaurant_number, address1, city, state, state_name, country, zip, latitude, longitude, time_zone, phone,
        state_slug, city_slug, line1_slug, hours, curbside_hours, delivery_hours, special_hours, has_curbside, has_delivery,
        has_online_ordering, has_take_out, is_dining_room_opened, is_temporarily_closed, outside_dining, is_reservations_enabled)
      select 1 + i, 'N' || (1 + i), address1, city, state, state_name, country, zip,
        case when i % 500 = 0 then 89.5 + (i % 7) * 0.07 when i % 97 = 0 then 25 + (i % 40) * 0.25 else 25 + ((i * 0.6180339887) % 1) * 24 end,
        case when i % 333 = 0 then 179.5 + (i % 6) * 0.1 when i % 331 = 0 then -180 + (i % 5) * 0.1 when i % 97 = 0 then -100 + (i % 30) * 0.25
             else -125 + ((i * 0.7548776662) % 1) * 58 end,
        time_zone, phone, state_slug, city_slug, 'grid-' || i, hours, curbside_hours, delivery_hours, special_hours, has_curbside, has_delivery,
        has_online_ordering, has_take_out, is_dining_room_opened, is_temporarily_closed, outside_dining, is_reservations_enabled
      from locations, generate_series(1, 99999) as i
      where rlid = 1`.execute(database.db);
  });

  after(async () => {
    await database.close();
  });

  async function expectNearbyExact(centres: LatLng[], radius: number): Promise<void> {
    const { rows } = await sql<{
      rlid: number;
      latitude: number;
      longitude: number;
    }>`select rlid, latitude, longitude from locations`.execute(database.db);
    const shapes: NearbyShape[] = [{ kind: 'cells', nearMiles: 25 }, { kind: 'window' }];
    for (const centre of centres) {
      const within = rows
        .map((row) => ({ rlid: row.rlid, distance: haversineMiles(centre, row) }))
        .filter((row) => row.distance <= radius)
        .sort((a, b) => a.distance - b.distance || a.rlid - b.rlid);
      for (const shape of shapes) {
        const found = await findNearby(database.db, centre, radius, 26, shape);
        const where = `centre ${centre.latitude},${centre.longitude} radius ${radius} ${shape.kind}`;
        expect(
          found.map((row) => row.rlid),
          where,
        ).to.deep.equal(within.slice(0, 26).map((row) => row.rlid));
        expect(found[0]?.total ?? 0, where).to.equal(within.length);
      }
    }
  }

  const centres: LatLng[] = [
    { latitude: 38.5, longitude: -98 },
    { latitude: 30.25, longitude: -100 },
    { latitude: 47.9, longitude: -122.3 },
    { latitude: 51, longitude: 179.9 },
    { latitude: 89.8, longitude: 30 },
    { latitude: 0, longitude: 0 },
  ];

  it('keeps the counts of a bulk insert, and the nearest 26 and the total equal a brute force', async () => {
    expect(await cellMismatches(database)).to.deep.equal([]);
    const [{ n }] = (await sql<{ n: number }>`select sum(n)::integer as n from location_cells`.execute(database.db))
      .rows as [{ n: number }];
    expect(n).to.equal(100_000);
    await expectNearbyExact(centres, 200);
  });

  it('follows moves, deletes and other updates of many rows at once, and single rows', async () => {
    await sql`update locations set latitude = latitude + 0.3, longitude = longitude - 0.2 where rlid % 17 = 0 and latitude < 89 and longitude > -179`.execute(
      database.db,
    );
    await sql`delete from locations where rlid % 29 = 0`.execute(database.db);
    await sql`update locations set phone = '(785) 555-0199' where rlid % 3 = 0`.execute(database.db);
    await database.db
      .updateTable('locations')
      .set({ latitude: 38.51, longitude: -98.01 })
      .where('rlid', '=', 2)
      .execute();
    await database.db.deleteFrom('locations').where('rlid', '=', 4).execute();
    expect(await cellMismatches(database)).to.deep.equal([]);
    await expectNearbyExact(centres.slice(0, 4), 200);
    await expectNearbyExact([{ latitude: 38.5, longitude: -98 }], 25);
  });

  it('keeps nothing of a rolled-back write and empties with the table', async () => {
    await database.db
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom('locations').where('rlid', '<', 5000).execute();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await cellMismatches(database)).to.deep.equal([]);
    await sql`truncate locations cascade`.execute(database.db);
    expect((await sql`select * from location_cells`.execute(database.db)).rows).to.deep.equal([]);
    expect(await findNearby(database.db, centres[0]!, 200, 26, { kind: 'cells', nearMiles: 25 })).to.deep.equal([]);
  });
});
