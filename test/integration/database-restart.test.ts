import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import pg from 'pg';
import {
  freePort,
  postgresUnavailableReason,
  startPostgresInstance,
  type PostgresInstance,
} from '../helpers/postgres-instance';
import { get, startLoad, startServerProcess, waitFor, type ServerProcess } from '../helpers/server-process';

/**
 * The real server process (server/main.ts, one and two workers) on a PostgreSQL server this
 * test starts itself in a temporary directory, restarted under load. The machine's shared
 * server is never touched. These run once: in the PostgreSQL phase when there is one, else in
 * the PGlite phase; without PostgreSQL binaries they are skipped with the reason.
 */
const LOAD_URLS = [
  '/',
  '/api/location/getlocations/?latitude=28.54&longitude=-81.38&radius=200&limit=26',
  '/api/ht/database/',
  '/locations/',
];

function skipReason(): string | undefined {
  if (process.env.TEST_DB !== 'postgres' && process.env.TEST_DATABASE_URL) return 'runs in the PostgreSQL phase';
  return postgresUnavailableReason();
}

/** An empty database, or with `template` a copy of that one (its sessions are ended first). */
async function createDatabase(instance: PostgresInstance, name: string, template?: string): Promise<string> {
  const admin = new pg.Client({ connectionString: instance.url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  if (template)
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [template],
    );
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(instance.url);
  url.pathname = `/${name}`;
  return url.href;
}

async function notify(url: string, channel: string, payload: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('select pg_notify($1, $2)', [channel, payload]);
  await client.end();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('database restarts and shutdown (real server process, own PostgreSQL)', function () {
  this.timeout(240_000);
  let instance: PostgresInstance | undefined;
  /**
   * The first server migrates and seeds its empty database (media included); the second starts on
   * a copy of that database and data directory, as a redeploy does, instead of seeding again.
   */
  let seeded: { name: string; dataDir: string } | undefined;

  before(async function () {
    const reason = skipReason();
    if (reason) {
      console.log(`      skipped: ${reason}`);
      this.skip();
    }
    instance = await startPostgresInstance();
  });
  after(() => {
    instance?.destroy();
    if (seeded) rmSync(seeded.dataDir, { recursive: true, force: true });
  });

  for (const workers of [1, 2]) {
    describe(`with WEB_CONCURRENCY=${workers}`, () => {
      let server: ServerProcess | undefined;
      let databaseUrl = '';
      let dataDir = '';

      const name = `harborline_restart_${workers}`;

      before(async () => {
        databaseUrl = await createDatabase(instance!, name, seeded?.name);
        dataDir = mkdtempSync(join(tmpdir(), 'harborline-restart-'));
        if (seeded) cpSync(seeded.dataDir, dataDir, { recursive: true });
        server = startServerProcess(
          { DATABASE_URL: databaseUrl, WEB_CONCURRENCY: String(workers), DATA_DIR: dataDir },
          await freePort(),
        );
        await waitFor(
          async () => (await get(`${server!.baseUrl}/api/ht/`)).status === 200,
          120_000,
          'the server to start',
        );
        await waitFor(async () => listeningPids(server!).length === workers, 30_000, 'every worker to listen');
      });
      after(async () => {
        server?.kill();
        await server?.exited;
        if (!seeded && server?.output().includes('"msg":"listening on')) seeded = { name, dataDir };
        else rmSync(dataDir, { recursive: true, force: true });
      });

      it('failure 1: a PostgreSQL restart under load kills no process; requests during it get 503, all answer 200 within seconds after', async () => {
        const s = server!;
        const pidsBefore = listeningPids(s);
        const load = startLoad(s.baseUrl, LOAD_URLS, { concurrency: 6, maxMs: 60_000 });
        await sleep(1000);
        instance!.stop();
        const downAt = Date.now();
        await sleep(1500);
        // Public pages may keep answering 200 from the process's in-memory copies (the read memo and
        // the page cache); a page that must ask the database (a search, cookie so no cache) gets the
        // 503 page.
        const search = await get(`${s.baseUrl}/locations/map/?q=Orlando`, { headers: { Cookie: 'bench=1' } });
        await sleep(1000); // an outage well over the ~1 s the old event bus survived
        instance!.start();
        const upAt = Date.now();
        // Everything answers 200 again within seconds.
        await waitFor(
          async () => {
            const answers = await Promise.all(LOAD_URLS.map((url) => get(s.baseUrl + url)));
            return answers.every((a) => a.status === 200);
          },
          15_000,
          'every URL to answer 200 after the restart',
        );
        const recoveredMs = Date.now() - upAt;
        await sleep(500);
        await load.stop();

        expect(s.child.exitCode, notable(s)).to.equal(null);
        expect(s.output()).not.to.include('worker died');
        expect(listeningPids(s)).to.deep.equal(pidsBefore);
        const statuses = new Set(load.outcomes.map((o) => o.status));
        const unexpected = load.outcomes.filter((o) => o.status !== 200 && o.status !== 503);
        expect(unexpected.slice(0, 5), `statuses seen: ${[...statuses].join(', ')}`).to.deep.equal([]);
        const during = load.outcomes.filter((o) => o.at > downAt + 200 && o.at < upAt - 200);
        expect(during.length).to.be.greaterThan(0);
        const unavailable = load.outcomes.filter((o) => o.status === 503);
        expect(unavailable.length, 'some requests during the outage got 503').to.be.greaterThan(0);
        for (const answer of unavailable) expect(answer.retryAfter, `Retry-After on ${answer.url}`).to.match(/^\d+$/);
        expect(search.status, 'a search during the outage').to.equal(503);
        expect(search.headers['content-type']).to.match(/^text\/html/);
        expect(search.body).to.include('id="mainContent"').and.include('right back');
        for (const html of unavailable.filter((o) => o.url === '/' || o.url === '/locations/')) {
          expect(html.contentType).to.match(/^text\/html/);
          expect(html.body).to.include('right back');
        }
        expect(recoveredMs).to.be.lessThan(15_000);
      });

      it('failure 2: after the restart a flush reaches every process (and each has already flushed on reconnecting)', async () => {
        const s = server!;
        const pids = listeningPids(s);
        // Each worker's listener noticed the outage and flushed when it came back.
        await waitFor(
          async () => pids.every((pid) => cacheClears(s, pid).some((line) => line.reason === 'reconnected')),
          15_000,
          'every worker to flush after reconnecting',
        );
        const probe = `probe-${Date.now()}`;
        await notify(databaseUrl, 'locations_changed', probe);
        await waitFor(
          async () => pids.every((pid) => cacheClears(s, pid).some((line) => line.payload === probe)),
          10_000,
          `the flush ${probe} to reach workers ${pids.join(', ')}`,
        );
      });

      it('failure 7: SIGTERM under keep-alive load stops accepting, finishes in-flight requests, closes idle connections and exits 0 with no error logged', async () => {
        const s = server!;
        const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
        // An idle keep-alive connection, and a request still sending its body when SIGTERM arrives.
        await get(`${s.baseUrl}/admin/lb-heartbeat/`, { agent });
        const inFlight = slowPost(s.port);
        const load = startLoad(s.baseUrl, ['/admin/lb-heartbeat/', '/api/ht/database/'], {
          concurrency: 4,
          maxMs: 30_000,
          agent,
        });
        await sleep(500);
        const signalledAt = Date.now();
        s.child.kill('SIGTERM');
        await sleep(300);
        inFlight.finish();
        const exit = await s.exited;
        const tookMs = Date.now() - signalledAt;
        await load.stop();
        agent.destroy();

        expect(exit.code, notable(s)).to.equal(0);
        expect(tookMs, 'keep-alive connections must not hold the process until the grace limit').to.be.lessThan(8000);
        const answer = await inFlight.answer;
        expect(answer.status, 'the in-flight request got its answer').to.be.within(200, 499);
        expect(answer.headers.connection).to.equal('close');
        const afterSignal = s.logLines().filter((line) => Number(line.time) >= signalledAt);
        const problems = afterSignal.filter((line) => Number(line.level) >= 50 || /destroyed/.test(String(line.msg)));
        expect(problems.map((line) => line.msg)).to.deep.equal([]);
        expect(s.output()).to.include('"msg":"stopped"');
      });
    });
  }
});

/** The process's log without per-request lines: what to show when an assertion fails. */
function notable(s: ServerProcess): string {
  return s
    .output()
    .split('\n')
    .filter((line) => !line.includes('"msg":"request completed"'))
    .slice(-30)
    .join('\n');
}

function listeningPids(s: ServerProcess): number[] {
  return s
    .logLines()
    .filter((line) => String(line.msg).startsWith('listening on'))
    .map((line) => Number(line.pid))
    .sort((a, b) => a - b);
}

function cacheClears(s: ServerProcess, pid: number) {
  return s.logLines().filter((line) => line.msg === 'location cache cleared' && line.pid === pid);
}

/** A POST whose body arrives in two parts, so the request is in flight until `finish()`. */
function slowPost(port: number) {
  const body = 'username=someone&password=not-the-password';
  const half = Math.floor(body.length / 2);
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/wagtail/login/',
    agent: false,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(body.length) },
  });
  const answer = new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    request.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, half));
  return { answer, finish: () => request.end(body.slice(half)) };
}
