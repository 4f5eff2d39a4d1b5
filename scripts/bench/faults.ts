import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { databaseTarget, migrateToLatest, openDatabase } from '../../server/db';
import { createLogger } from '../../server/logger';
import { seedDemoContent } from '../../server/seed/seed';
import { buildClient, buildServer, ROOT } from '../build-assets';

/**
 * `npm run bench:faults`: the production build with WEB_CONCURRENCY workers (default 2) on a
 * throw-away database of the PostgreSQL server at FAULT_ADMIN_URL (default the local one), loaded
 * with autocannon while the database misbehaves: every backend of that database is terminated
 * every 5 s in the first half, then new connections are refused for 3 s (what a restart looks
 * like) and the second half runs undisturbed. Only this
 * run's own database is touched. Prints what the clients saw; asserts nothing.
 */
const adminUrl =
  process.env.FAULT_ADMIN_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const workers = Number(process.env.FAULT_WORKERS ?? 2);
const seconds = Number(process.env.FAULT_SECONDS ?? 40);
const paths = [
  '/',
  '/locations/',
  '/api/location/getlocations/?latitude=28.5383&longitude=-81.3792&radius=200&limit=26',
  '/api/ht/database/',
];

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function admin(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

const name = `harborline_faults_${Date.now()}`;
await admin(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const dataDir = mkdtempSync(join(tmpdir(), 'harborline-faults-'));
try {
  console.log('Building for production and seeding...');
  await buildClient(true);
  await buildServer();
  const handle = openDatabase(databaseTarget(url.href, dataDir));
  await migrateToLatest(handle.db);
  await seedDemoContent(handle.db, createLogger('silent'), {
    adminUsername: 'admin',
    adminPassword: 'fault-password',
    port: 3000,
  });
  await handle.close();

  const port = await freePort();
  const server = spawn(process.execPath, [join(ROOT, 'dist/server/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: url.href,
      WEB_CONCURRENCY: String(workers),
      SESSION_SECRET: 'f'.repeat(48),
      ADMIN_PASSWORD: 'fault-password',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  const base = `http://127.0.0.1:${port}`;
  try {
    for (
      let i = 0;
      i < 300 &&
      !(await fetch(`${base}/api/ht/`)
        .then((r) => r.ok)
        .catch(() => false));
      i++
    )
      await new Promise((r) => setTimeout(r, 200));

    const terminate = () =>
      admin(
        'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
    let terminations = 0;
    const faults: Array<Promise<unknown>> = [];
    const at = (ms: number, work: () => Promise<unknown>) =>
      faults.push(
        new Promise((resolve) =>
          setTimeout(() => resolve(work().catch((error: unknown) => console.error('fault step failed', error))), ms),
        ),
      );
    // Terminations in the first half, the refused-connections outage in the middle, then a
    // clean second half that shows how soon everything answers 200 again.
    const outageAt = Math.floor(seconds / 2) * 1000;
    for (let t = 5000; t < outageAt; t += 5000)
      at(t, async () => (terminations += (await terminate()).rows[0].n as number));
    let outageEnd = 0;
    at(outageAt, async () => {
      await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      terminations += (await terminate()).rows[0].n as number;
      await new Promise((r) => setTimeout(r, 3000));
      await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      outageEnd = Date.now();
    });

    const started = Date.now();
    let lastFailure = 0;
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: base,
          duration: seconds,
          connections: 20,
          timeout: 10,
          requests: paths.map((path) => ({ method: 'GET', path })),
        },
        (error, done) => (error ? reject(error) : resolve(done)),
      );
      instance.on('response', (_client: unknown, statusCode: number) => {
        if (statusCode !== 200) lastFailure = Date.now();
      });
    });
    await Promise.all(faults);
    const codes = result.statusCodeStats as Record<string, { count: number }>;
    const count = (predicate: (code: number) => boolean) =>
      Object.entries(codes)
        .filter(([code]) => predicate(Number(code)))
        .reduce((sum, [, v]) => sum + v.count, 0);
    console.log(
      `\nLoad and faults, ${new Date(started).toISOString().slice(0, 10)}: ${workers} worker(s), PostgreSQL, ${seconds} s, 20 connections over ${paths.length} URLs`,
    );
    console.table([
      {
        requests: result.requests.total,
        '2xx': count((c) => c >= 200 && c < 300),
        '503': count((c) => c === 503),
        'other 5xx': count((c) => c >= 500 && c !== 503),
        'socket errors': result.errors - result.timeouts,
        timeouts: result.timeouts,
        'backends terminated': terminations,
        'workers died': (output.match(/worker died/g) ?? []).length,
        // From the database accepting connections again to the last non-200 answer.
        'last non-200 after outage (s)': outageEnd ? Math.max(0, (lastFailure - outageEnd) / 1000).toFixed(1) : 'n/a',
      },
    ]);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
} finally {
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
}
