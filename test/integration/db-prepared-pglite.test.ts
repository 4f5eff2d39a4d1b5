import { expect } from 'chai';
import { sql } from 'kysely';
import { PREPARED_MARK } from '../../server/db-prepared';
import { findNearby, nearbyStatement, type NearbyShape } from '../../server/modules/locations/nearby-repo';
import { insertLocations } from '../../server/modules/locations/repo';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { testLocationRow } from '../helpers/location-row';

const marked = (text: string) => sql.raw(`${PREPARED_MARK} ${text}`);

/** The names PGlite holds for marked texts (server/db-prepared.ts names them prepared_<n>). */
async function preparedTexts(database: TestDatabase): Promise<string[]> {
  const { rows } = await sql<{
    statement: string;
  }>`select statement from pg_prepared_statements order by statement`.execute(database.db);
  return rows.map((row) => row.statement);
}

describe('prepared statements on PGlite (withPreparedStatementsLite)', () => {
  let database: TestDatabase;
  const KANSAS = { latitude: 38.5, longitude: -98.0 };

  before(async function () {
    this.timeout(300_000); // the process's first database may wait for its template to be built
    if (process.env.TEST_DB === 'postgres') this.skip();
    database = await createTestDatabase();
    const rows = [];
    for (let i = 0; i < 60; i++)
      rows.push(
        testLocationRow(700_000 + i, {
          latitude: KANSAS.latitude + ((i % 8) - 4) * 0.4,
          longitude: KANSAS.longitude + (Math.floor(i / 8) - 4) * 0.5,
        }),
      );
    await insertLocations(database.db, rows);
  });

  after(async () => {
    await database?.close();
  });

  afterEach(async () => {
    if (database) await sql`drop table if exists prepared_probe`.execute(database.db);
  });

  it('answers the nearby search with the same rows as PGlite’s own query of the same text, and names each shape once', async () => {
    const shapes: NearbyShape[] = [
      { kind: 'window' },
      { kind: 'cells', nearMiles: 25 },
      { kind: 'cells', nearMiles: 1e6 },
    ];
    for (const shape of shapes) {
      for (const [centre, radius, limit] of [
        [KANSAS, 200, 26],
        [KANSAS, 30, 5],
        [{ latitude: 10, longitude: 10 }, 5, 3],
      ] as const) {
        const compiled = nearbyStatement(centre, radius, limit, shape).compile(database.db);
        const plain = await database.pglite!.query(compiled.sql, [...compiled.parameters]);
        const { rows } = await nearbyStatement(centre, radius, limit, shape).execute(database.db);
        expect(rows, JSON.stringify({ shape, radius })).to.deep.equal(plain.rows);
      }
    }
    const texts = await preparedTexts(database);
    expect(texts.filter((text) => text.startsWith(PREPARED_MARK))).to.have.length(3);
    const found = await findNearby(database.db, KANSAS, 200, 26);
    expect(found).to.have.length(26);
    expect(found[0]!.total).to.equal(60);
  });

  it('leaves statements without the mark unnamed', async () => {
    const before = await preparedTexts(database);
    await sql`select 1`.execute(database.db);
    await database.db.selectFrom('locations').select('rlid').limit(1).execute();
    expect(await preparedTexts(database)).to.deep.equal(before);
  });

  it('follows DDL: a new index, a column added to the result, a table dropped and made again', async () => {
    await sql`create table prepared_probe (a int)`.execute(database.db);
    await sql`insert into prepared_probe values (1), (2)`.execute(database.db);
    const readFrom = async (from: number) =>
      (
        await sql<
          Record<string, number>
        >`${marked('select * from prepared_probe where a >= ')}${from} order by a`.execute(database.db)
      ).rows;
    expect(await readFrom(2)).to.deep.equal([{ a: 2 }]);
    await sql`create index prepared_probe_a on prepared_probe (a)`.execute(database.db);
    expect(await readFrom(1)).to.deep.equal([{ a: 1 }, { a: 2 }]);
    // The result gains a column: PostgreSQL refuses the old plan ("cached plan must not change
    // result type"); outside a transaction the statement is parsed again and answers.
    await sql`alter table prepared_probe add column b text default 'x'`.execute(database.db);
    expect(await readFrom(2)).to.deep.equal([{ a: 2, b: 'x' }]);
    await sql`drop table prepared_probe`.execute(database.db);
    await sql`create table prepared_probe (a int, b text)`.execute(database.db);
    await sql`insert into prepared_probe values (5, 'y')`.execute(database.db);
    expect(await readFrom(0)).to.deep.equal([{ a: 5, b: 'y' }]);
  });

  it('inside a transaction, the changed result aborts it with the error; the next call answers', async () => {
    await sql`create table prepared_probe (a int)`.execute(database.db);
    await sql`insert into prepared_probe values (3)`.execute(database.db);
    const readFrom = async (db: typeof database.db, from: number) =>
      (await sql<Record<string, unknown>>`${marked('select * from prepared_probe where a >= ')}${from}`.execute(db))
        .rows;
    expect(await readFrom(database.db, 0)).to.deep.equal([{ a: 3 }]);
    let failure: unknown;
    try {
      await database.db.transaction().execute(async (trx) => {
        await sql`alter table prepared_probe add column c int default 7`.execute(trx);
        await readFrom(trx, 0);
      });
    } catch (error) {
      failure = error;
    }
    expect(String(failure)).to.match(/cached plan must not change result type/);
    // The transaction rolled back (no column c), and the statement is parsed again.
    expect(await readFrom(database.db, 0)).to.deep.equal([{ a: 3 }]);
  });

  it('sees the rows of its own transaction, and none after a rollback', async () => {
    const rlid = 790_001;
    const probe = testLocationRow(rlid, { latitude: -20, longitude: 20 });
    let seen: number[] = [];
    try {
      await database.db.transaction().execute(async (trx) => {
        await insertLocations(trx, [probe]);
        seen = (await findNearby(trx, { latitude: -20, longitude: 20 }, 1, 26, { kind: 'window' })).map(
          (row) => row.rlid,
        );
        throw new Error('roll back');
      });
    } catch (error) {
      expect((error as Error).message).to.equal('roll back');
    }
    expect(seen).to.deep.equal([rlid]);
    expect(await findNearby(database.db, { latitude: -20, longitude: 20 }, 1, 26, { kind: 'window' })).to.deep.equal(
      [],
    );
  });

  it('parses the statement again after DEALLOCATE ALL, and keeps working after a failed call', async () => {
    const first = await findNearby(database.db, KANSAS, 200, 26, { kind: 'window' });
    await sql`deallocate all`.execute(database.db);
    expect(await preparedTexts(database)).to.deep.equal([]);
    expect(await findNearby(database.db, KANSAS, 200, 26, { kind: 'window' })).to.deep.equal(first);
    expect(await preparedTexts(database)).to.have.length(1);
    // A value the statement's parameter type refuses: the error reaches the caller, nothing is left half-done.
    const failing = sql<{ n: number }>`${marked('select 1 + ')}${'not a number'}::int as n`;
    let refused: unknown;
    try {
      await failing.execute(database.db);
    } catch (error) {
      refused = error;
    }
    expect(String(refused)).to.match(/invalid input syntax for type integer/);
    expect((await sql<{ n: number }>`${marked('select 1 + ')}${41}::int as n`.execute(database.db)).rows).to.deep.equal(
      [{ n: 42 }],
    );
    expect(await findNearby(database.db, KANSAS, 200, 26, { kind: 'window' })).to.deep.equal(first);
  });
});
