import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { databaseTarget, migrateToLatest, openDatabase, type Db } from '../../server/db';
import { insertLocations } from '../../server/modules/locations/repo';
import { demoLocations } from '../../server/seed/location-demo-data';
import { ROOT } from '../build-assets';
import { printTable } from './http';

/**
 * Issue 14's wait-list figures: join (POST /api/waitlist/) and estimate
 * (GET /api/waitlist/estimate/) requests per second and p99 through the production server, on a
 * throw-away PostgreSQL database holding 700 restaurants and 20,000 open entries. PGlite serves
 * one query at a time and would measure itself, so without a reachable PostgreSQL server this
 * part says why and is skipped. Only its own database is touched (created, then dropped).
 */
export const WAITLIST_RESTAURANTS = 700;
export const WAITLIST_OPEN_ENTRIES = 20_000;
const SECONDS = 8;
const CONNECTIONS = 10;

/** Every day, all day (a close equal to the open runs round the clock): every restaurant takes parties whenever the bench runs. */
const ALL_DAY = JSON.stringify(
  [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, open: '00:00', close: '00:00' })),
);

export type WaitlistBenchRow = {
  what: string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  '2xx': number;
  'non-2xx': number;
};

/** The PostgreSQL server to use, or why there is none. */
export async function reachableAdminUrl(): Promise<{ url: string } | { skip: string }> {
  const url =
    process.env.WAITLIST_BENCH_DATABASE_URL ??
    (process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined) ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return { url };
  } catch (error) {
    return {
      skip: `no PostgreSQL reachable at ${new URL(url).host} (${error instanceof Error ? error.message : String(error)}); set WAITLIST_BENCH_DATABASE_URL or DATABASE_URL to a server this user may create databases on`,
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** A valid, distinct North American mobile-style number for the n-th guest (area code by country). */
export function benchPhone(n: number, country: string, areaOffset = 0): string {
  const area = country === 'CA' ? 416 : 407;
  const exchange = 200 + areaOffset + Math.floor(n / 10_000);
  return `(${area}) ${exchange}-${String(n % 10_000).padStart(4, '0')}`;
}

/** The demo's 700 restaurants, every one taking wait-list parties now, and 20,000 open entries spread over them. */
async function seedWaitlistBench(db: Db): Promise<{ rlids: number[]; countries: Map<number, string> }> {
  const rows = demoLocations().slice(0, WAITLIST_RESTAURANTS);
  await insertLocations(
    db,
    rows.map((row) => ({
      ...row,
      hours: ALL_DAY,
      special_hours: '[]',
      wait_list_ready: true,
      is_temporarily_closed: false,
      is_dining_room_opened: true,
      wait_list_max_party_size: 10,
    })),
  );
  const rlids = rows.map((row) => row.rlid);
  const countries = new Map(rows.map((row) => [row.rlid, row.country]));
  const positions = new Map<number, number>();
  const now = new Date();
  for (let start = 0; start < WAITLIST_OPEN_ENTRIES; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, WAITLIST_OPEN_ENTRIES - start) }, (_, i) => {
      const n = start + i;
      const rlid = rlids[n % rlids.length]!;
      const position = (positions.get(rlid) ?? 0) + 1;
      positions.set(rlid, position);
      return {
        public_id: randomBytes(24).toString('base64url'),
        rlid,
        party_size: 1 + (n % 6),
        name: `Guest ${n}`,
        // Normalised (E.164) like the service stores them, in an exchange range the load never uses.
        phone: `+1${countries.get(rlid) === 'CA' ? 416 : 407}9${String(n).padStart(6, '0')}`,
        email: null,
        note: null,
        source: 'online' as const,
        status: 'waiting' as const,
        position,
        quoted_minutes: 15,
        quoted_at: now,
        joined_at: now,
      };
    });
    await db.insertInto('waitlist_entries').values(batch).execute();
  }
  return { rlids, countries };
}

type Latency = { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; '2xx': number };

function row(what: string, result: Latency): WaitlistBenchRow {
  return {
    what,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    '2xx': result['2xx'],
    'non-2xx': result.non2xx,
  };
}

/**
 * Runs the wait-list load against dist/ (build first) and prints the table; returns its rows, or
 * null when skipped. Joins go to the 700 restaurants in turn, each from its own client address and
 * phone number (the per-address and per-phone limits would otherwise answer 429, which is not what
 * is measured). Estimates carry a cookie, which the page cache never answers, so each is computed.
 */
export async function benchWaitlist(): Promise<WaitlistBenchRow[] | null> {
  const admin = await reachableAdminUrl();
  if ('skip' in admin) {
    console.log(`\nWait list (join and estimate): skipped, ${admin.skip}.`);
    return null;
  }
  const name = `harborline_bench_waitlist_${Date.now()}`;
  await adminQuery(admin.url, `CREATE DATABASE ${name}`);
  const url = new URL(admin.url);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'harborline-bench-waitlist-'));
  try {
    console.log(
      `\nWait list: seeding ${WAITLIST_RESTAURANTS} restaurants and ${WAITLIST_OPEN_ENTRIES.toLocaleString('en-US')} open entries on PostgreSQL...`,
    );
    const handle = openDatabase(databaseTarget(url.href, dataDir));
    await migrateToLatest(handle.db);
    const { rlids, countries } = await seedWaitlistBench(handle.db);
    await handle.close();

    const port = Number(process.env.BENCH_PORT) || (await freePort());
    const workers = Number(process.env.BENCH_WORKERS ?? 1);
    const server = spawn(process.execPath, [join(ROOT, 'dist/server/main.js')], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: url.href,
        WEB_CONCURRENCY: String(workers),
        TRUST_PROXY: '1',
        SESSION_SECRET: 'w'.repeat(48),
        ADMIN_PASSWORD: 'bench-password',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      for (
        let i = 0;
        i < 300 &&
        !(await fetch(`${base}/api/ht/`)
          .then((r) => r.ok)
          .catch(() => false));
        i++
      )
        await new Promise((r) => setTimeout(r, 200));
      let next = 0;
      const join = await autocannon({
        url: base,
        duration: SECONDS,
        connections: CONNECTIONS,
        requests: [
          {
            method: 'POST',
            path: '/api/waitlist/',
            setupRequest: (request) => {
              const n = next++;
              const rlid = rlids[n % rlids.length]!;
              const body = JSON.stringify({
                rlid,
                partySize: 1 + (n % 6),
                name: `Bench ${n}`,
                phone: benchPhone(n, countries.get(rlid) ?? 'US'),
              });
              const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
              return { ...request, body, headers: { 'content-type': 'application/json', 'x-forwarded-for': address } };
            },
          },
        ],
      });
      let asked = 0;
      const estimate = await autocannon({
        url: base,
        duration: SECONDS,
        connections: CONNECTIONS,
        headers: { cookie: 'bench=1' },
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => {
              const n = asked++;
              return {
                ...request,
                path: `/api/waitlist/estimate/?rlid=${rlids[n % rlids.length]}&partySize=${1 + (n % 8)}`,
              };
            },
          },
        ],
      });
      const open = await fetch(`${base}/api/location/getwaitlist/?rlid=${rlids[0]}`).then(
        (r) => r.json() as Promise<{ partiesWaiting?: number }>,
      );
      const rows = [
        row('join POST /api/waitlist/', join),
        row('estimate GET /api/waitlist/estimate/ (computed)', estimate),
      ];
      console.log(
        `\nWait list (PostgreSQL, ${WAITLIST_RESTAURANTS} restaurants, ${WAITLIST_OPEN_ENTRIES.toLocaleString('en-US')} open entries before the joins; ${workers} process; autocannon, ${CONNECTIONS} connections, ${SECONDS} s each; ${new Date().toISOString().slice(0, 10)}; first restaurant's line afterwards: ${open.partiesWaiting ?? '?'} parties)`,
      );
      printTable(rows);
      return rows;
    } finally {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await adminQuery(admin.url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((error: unknown) =>
      console.error(`could not drop ${name}:`, error),
    );
  }
}
