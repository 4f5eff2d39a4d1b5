import { expect } from 'chai';
import { sql } from 'kysely';
import pg from 'pg';
import request from 'supertest';
import { isDatabaseUnavailable } from '../../server/database-errors';
import { eventBusFor } from '../../server/events';
import { createTestApp, type TestApp } from '../helpers/app';

/**
 * Connection faults inside one process, on this suite's own database: its backends are
 * terminated (pg_terminate_backend) and new connections refused (ALLOW_CONNECTIONS false) for a
 * while; the shared server itself is never stopped. A crash here (an unhandled 'error' from a pg
 * client) fails the test through mocha's uncaught-exception handler.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`Timed out waiting for ${what}`);
}

describe('database faults inside one process', function () {
  this.timeout(60_000);
  let t: TestApp;
  let database = '';

  const terminateBackends = (extra = '') =>
    admin((client) =>
      client.query(
        `select pid, pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() ${extra}`,
        [database],
      ),
    );
  const allowConnections = (allow: boolean) =>
    admin((client) => client.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS ${allow}`));

  before(async function () {
    if (!onPostgres) {
      console.log('      skipped: needs PostgreSQL (the PostgreSQL phase, TEST_DB=postgres)');
      this.skip();
    }
    t = await createTestApp();
    database = (await sql<{ name: string }>`select current_database() as name`.execute(t.db)).rows[0]!.name;
  });
  after(async () => {
    if (!t) return;
    await allowConnections(true).catch(() => undefined);
    await t.close();
  });

  it('failure 1: a checked-out connection whose backend is terminated fails only its own work, and the process lives on', async () => {
    // One transaction holds a connection inside a long query; another query runs beside it.
    const held = t.db.transaction().execute(async (trx) => {
      await sql`select pg_sleep(20)`.execute(trx);
    });
    const outcome = held.then(
      () => 'finished',
      (error: unknown) => error,
    );
    await waitFor(
      async () =>
        (
          await admin((c) =>
            c.query(
              "select 1 from pg_stat_activity where datname = $1 and query like '%pg_sleep(20)%' and pid <> pg_backend_pid()",
              [database],
            ),
          )
        ).rowCount === 1,
      10_000,
      'the long query to run',
    );
    await terminateBackends("and query like '%pg_sleep(20)%'");
    const failure = await outcome;
    expect(failure).to.be.instanceOf(Error);
    expect(isDatabaseUnavailable(failure), String(failure)).to.equal(true);
    // Everything else goes on: the pool replaces the lost connection on the next checkout.
    await request(t.app).get('/').expect(200);
    await request(t.app).get('/api/ht/database/').expect(200);
  });

  it('failure 1: with every backend terminated, the next requests get fresh connections and answer 200', async () => {
    await request(t.app).get('/locations/').expect(200);
    const terminated = (await terminateBackends()).rows.map((row) => row.pid as number);
    // pg_terminate_backend only signals; a pooled idle client learns its backend is gone when the
    // backend's goodbye reaches its socket. Requests that race that message get 503 (failure 7's
    // answer), so wait until the backends have exited and the goodbye has been read.
    await waitFor(
      async () =>
        (await admin((c) => c.query('select 1 from pg_stat_activity where pid = any($1)', [terminated]))).rowCount ===
        0,
      10_000,
      'the terminated backends to exit',
    );
    await sleep(200);
    const answers = await Promise.all(
      ['/', '/locations/', '/api/ht/database/', '/'].map((path) => request(t.app).get(path)),
    );
    expect(answers.map((a) => a.status)).to.deep.equal([200, 200, 200, 200]);
  });

  it('failure 7: while the database refuses connections, pages answer 503 with Retry-After and the error page, APIs 503 JSON; 200 again once it is back', async () => {
    await allowConnections(false);
    await terminateBackends();
    try {
      const page = await request(t.app).get('/').set('Accept', 'text/html').expect(503);
      expect(page.headers['retry-after']).to.match(/^\d+$/);
      expect(page.headers['cache-control']).to.equal('no-store');
      expect(page.text).to.include('id="mainContent"').and.include('We’ll be right back').and.include('Try again');
      const api = await request(t.app)
        .get('/api/location/getlocations/?latitude=28.5&longitude=-81.4&radius=200&limit=4')
        .expect(503);
      expect(api.headers['retry-after']).to.match(/^\d+$/);
      expect(api.body.error.code).to.equal('service_unavailable');
      await request(t.app).get('/api/ht/database/').expect(503).expect('Retry-After', /^\d+$/);
      await request(t.app).get('/admin/lb-heartbeat/').expect(200); // the process itself is fine
    } finally {
      await allowConnections(true);
    }
    await waitFor(
      async () => (await request(t.app).get('/')).status === 200,
      10_000,
      'the home page to answer 200 again',
    );
  });

  it('failure 2: the event bus comes back after an outage of several seconds, says what was missed, and hears again', async () => {
    const bus = eventBusFor(t.db);
    const heard: string[] = [];
    let missed = 0;
    const unsubscribe = await bus.subscribe(
      'fault_test',
      (payload) => heard.push(payload),
      () => (missed += 1),
    );
    try {
      await bus.publish('fault_test', 'before');
      await waitFor(async () => heard.includes('before'), 5000, 'the first message');

      const missedBefore = missed;
      await allowConnections(false);
      await terminateBackends();
      await sleep(3000); // several reconnect attempts fail meanwhile
      await allowConnections(true);

      await waitFor(async () => missed > missedBefore, 10_000, 'the bus to reconnect and report missed messages');
      await bus.publish('fault_test', 'after');
      await waitFor(async () => heard.includes('after'), 5000, 'a message after the outage');
    } finally {
      unsubscribe();
    }
  });
});

describe('embedded database faults', () => {
  it('a closed embedded database answers 503, not 500', async function () {
    if (onPostgres) this.skip();
    const t = await createTestApp({ seed: false });
    try {
      await t.db.destroy();
      const res = await request(t.app).get('/api/ht/database/').expect(503);
      expect(res.headers['retry-after']).to.match(/^\d+$/);
      const page = await request(t.app).get('/').set('Accept', 'text/html').expect(503);
      expect(page.text).to.include('We’ll be right back');
    } finally {
      await t.close();
    }
  });
});
