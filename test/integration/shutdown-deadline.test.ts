import { rmSync } from 'node:fs';
import http from 'node:http';
import { expect } from 'chai';
import pg from 'pg';
import { adminQuery } from '../helpers/database-templates';
import { freePort } from '../helpers/postgres-instance';
import { seededDataDir, seededPostgresSite } from '../helpers/seeded-data-dir';
import {
  get,
  startLoad,
  startServerProcess,
  waitFor,
  type Answer,
  type ServerProcess,
} from '../helpers/server-process';

/**
 * A server told to stop always stops: the real entry point (server/main.ts) with a 2-second grace
 * period must be gone within grace + 5 s whatever its database is doing, and every request
 * during the drain gets its answer or a clean 503 with Retry-After. The PostgreSQL cases run in the
 * PostgreSQL phase on a copy of the seeded template; the embedded case in the PGlite phase.
 */
const GRACE_SECONDS = 2;
const DEADLINE_MS = (GRACE_SECONDS + 5) * 1000;
const LOAD_URLS = ['/', '/locations/', '/api/ht/database/', '/admin/lb-heartbeat/'];
/** A request that must read from the database: a search, with a cookie so no cached copy answers. */
const DATABASE_READ = { url: '/locations/map/?q=Orlando', headers: { Cookie: 'bench=1' } };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Started = { server: ServerProcess; databaseUrl?: string; cleanUp(): Promise<void> };

async function startOnPostgres(workers: number): Promise<Started> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `harborline_test_${process.pid}_shutdown_${workers}_${Date.now() % 100_000}`;
  const { url, dataDir } = await seededPostgresSite(adminUrl, name);
  const server = startServerProcess(
    {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      WEB_CONCURRENCY: String(workers),
      SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
    },
    await freePort(),
  );
  await untilListening(server, workers);
  return {
    server,
    databaseUrl: url,
    async cleanUp() {
      server.kill();
      await server.exited;
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startOnPglite(): Promise<Started> {
  // The server's embedded database starts as a copy of the seeded template.
  const dataDir = await seededDataDir();
  const server = startServerProcess(
    { DATABASE_URL: '', DATA_DIR: dataDir, SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS) },
    await freePort(),
  );
  await untilListening(server, 1);
  return {
    server,
    async cleanUp() {
      server.kill();
      await server.exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function untilListening(server: ServerProcess, workers: number): Promise<void> {
  await waitFor(async () => (await get(`${server.baseUrl}/api/ht/`)).status === 200, 120_000, 'the server to start');
  await waitFor(
    async () => server.logLines().filter((line) => String(line.msg).startsWith('listening on')).length === workers,
    30_000,
    'every worker to listen',
  );
}

/** Sends SIGTERM and resolves with how long the process took to exit (or the deadline's failure). */
async function stopWithin(server: ServerProcess, deadlineMs: number) {
  const signalledAt = Date.now();
  server.child.kill('SIGTERM');
  const gaveUp = sleep(deadlineMs + 10_000).then(() => 'still running' as const);
  const exit = await Promise.race([server.exited, gaveUp]);
  return { exit, tookMs: Date.now() - signalledAt, signalledAt };
}

/** The process's log without per-request lines: what to show when an assertion fails. */
function notable(server: ServerProcess): string {
  return server
    .output()
    .split('\n')
    .filter((line) => !line.includes('"msg":"request completed"'))
    .slice(-30)
    .join('\n');
}

/** Log lines since `since` that would mean a request saw the destroyed database or the server failed. */
function problemsSince(server: ServerProcess, since: number): string[] {
  return server
    .logLines()
    .filter((line) => Number(line.time) >= since)
    .filter((line) => Number(line.level) >= 50 || /destroyed/.test(JSON.stringify(line)))
    .map((line) => JSON.stringify(line));
}

/** Every answer during the drain is a 200, or a 503 that says when to come back. */
function expectCleanAnswers(outcomes: Array<{ status: number | 'error'; retryAfter?: string; body?: string }>) {
  const answered = outcomes.filter((o) => o.status !== 'error');
  expect(answered.length, 'some requests were answered').to.be.greaterThan(0);
  const unexpected = answered.filter((o) => o.status !== 200 && o.status !== 503);
  expect(unexpected.slice(0, 3)).to.deep.equal([]);
  for (const o of answered.filter((o) => o.status === 503)) {
    expect(o.retryAfter, 'a 503 carries Retry-After').to.match(/^\d+$/);
    expect(o.body ?? '').not.to.include('destroyed');
  }
}

describe('a shutdown that always ends (real server process)', function () {
  this.timeout(240_000);

  describe('on PostgreSQL', () => {
    before(function () {
      if (process.env.TEST_DB !== 'postgres' || !process.env.TEST_DATABASE_URL) this.skip();
    });

    for (const workers of [1, 2]) {
      it(`with WEB_CONCURRENCY=${workers}, exits within grace + 5 s after its database connections were killed from the server side`, async () => {
        const started = await startOnPostgres(workers);
        try {
          const { server } = started;
          expect((await get(`${server.baseUrl}/locations/`)).status).to.equal(200);
          const killed = await terminateBackends(started.databaseUrl!);
          expect(killed, 'the server had connections to kill').to.be.greaterThan(0);
          const { exit, tookMs } = await stopWithin(server, DEADLINE_MS);
          expect(exit, notable(server)).not.to.equal('still running');
          expect(tookMs, notable(server)).to.be.lessThan(DEADLINE_MS);
        } finally {
          await started.cleanUp();
        }
      });
    }

    it('exits within grace + 5 s while a request waits on a lock the test still holds; the drain answers 200 or 503 with Retry-After', async () => {
      const started = await startOnPostgres(1);
      const locker = new pg.Client({ connectionString: started.databaseUrl });
      await locker.connect();
      const agent = new http.Agent({ keepAlive: true, maxSockets: 3 });
      try {
        const { server } = started;
        expect((await get(server.baseUrl + DATABASE_READ.url, { headers: DATABASE_READ.headers })).status).to.equal(
          200,
        );
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE sessions, jobs, locations, pages IN ACCESS EXCLUSIVE MODE');
        let settled = false;
        const stuck = get(server.baseUrl + DATABASE_READ.url, { headers: DATABASE_READ.headers, timeoutMs: 30_000 })
          .then(
            (answer): Answer | string => answer,
            (error: Error) => error.message,
          )
          .finally(() => (settled = true));
        await sleep(1000);
        expect(settled, 'the request waits on the lock').to.equal(false);
        const load = startLoad(server.baseUrl, LOAD_URLS, { concurrency: 3, maxMs: 20_000, agent });
        await sleep(300);

        const { exit, tookMs, signalledAt } = await stopWithin(server, DEADLINE_MS);
        await load.stop();
        expect(exit, notable(server)).not.to.equal('still running');
        expect(tookMs, notable(server)).to.be.lessThan(DEADLINE_MS);
        const lockHeld = await locker.query<{ held: boolean }>(
          "SELECT count(*) > 0 AS held FROM pg_locks WHERE relation = 'sessions'::regclass AND granted AND pid = pg_backend_pid()",
        );
        expect(lockHeld.rows[0]!.held, 'the lock was still held when the server exited').to.equal(true);

        const answer = await stuck;
        expect(answer, 'the waiting request got a clean answer, not a cut connection').to.be.an('object');
        expect((answer as Answer).status).to.equal(503);
        expect((answer as Answer).headers['retry-after']).to.match(/^\d+$/);
        // Those on the locked tables were in flight at SIGTERM and got the drain's 503.
        expectCleanAnswers(load.outcomes);
        expect(problemsSince(server, signalledAt)).to.deep.equal([]);
      } finally {
        agent.destroy();
        await locker.query('ROLLBACK').catch(() => undefined);
        await locker.end();
        await started.cleanUp();
      }
    });
  });

  describe('on the embedded database', () => {
    before(function () {
      if (process.env.TEST_DB === 'postgres') this.skip();
    });

    it('exits within grace + 5 s under load; requests during the drain get 200 or 503 with Retry-After', async () => {
      const started = await startOnPglite();
      const agent = new http.Agent({ keepAlive: true, maxSockets: 3 });
      try {
        const { server } = started;
        const load = startLoad(server.baseUrl, LOAD_URLS, { concurrency: 3, maxMs: 20_000, agent });
        await sleep(1000);
        const { exit, tookMs, signalledAt } = await stopWithin(server, DEADLINE_MS);
        await load.stop();
        expect(exit, notable(server)).to.deep.equal({ code: 0, signal: null });
        expect(tookMs, notable(server)).to.be.lessThan(DEADLINE_MS);
        expectCleanAnswers(load.outcomes);
        expect(problemsSince(server, signalledAt)).to.deep.equal([]);
        expect(server.output()).to.include('"msg":"stopped"');
      } finally {
        agent.destroy();
        await started.cleanUp();
      }
    });
  });
});

/** Ends every connection the server has to its database, as an administrator (or a failover) would. */
async function terminateBackends(url: string): Promise<number> {
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pg_terminate_backend(pid), pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    return rows.length;
  } finally {
    await client.end();
  }
}
