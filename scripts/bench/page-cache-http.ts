import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseTarget, migrateToLatest, openDatabase } from '../../server/db';
import { createLogger } from '../../server/logger';
import { seedDemoContent } from '../../server/seed/seed';
import { openMediaStorage } from '../../server/storage/open-media-storage';
import { ROOT } from '../build-assets';
import { rawAnswer, startBareServer } from './bare-server';
import { loadTest, printTable } from './http';
import { missAgainstNginx } from './miss-against-nginx';
import { freePort, waitUntilIdle, waitUntilUp } from './server-process';
import { adminQuery, reachableAdminUrl } from './waitlist';

export const CACHE_BENCH_PATHS = ['/', '/block-gallery/'];
export type CacheFigure = {
  what: string;
  'req/s': number;
  'p99 ms': number;
  'CPU µs/req': number | string;
  'of bare req/s': string;
  'of bare per CPU s': string;
};

/**
 * The request headers the hits and the bare baseline are loaded with: autocannon's own (Host and
 * Connection only, so no Accept-Encoding: both send the page uncompressed), and a browser's
 * Accept-Encoding (the cache answers gzip spliced around the nonce, or brotli for pages without
 * holes; the bare server sends those very bytes, captured from the cache, with the same headers).
 */
export const CACHE_BENCH_ENCODINGS: Array<{ name: string; headers: Record<string, string> }> = [
  { name: 'no Accept-Encoding', headers: {} },
  { name: 'Accept-Encoding: gzip, deflate, br', headers: { 'Accept-Encoding': 'gzip, deflate, br' } },
];

const WARM_UP_SECONDS = 3;
const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(part * 10 > whole ? 0 : 1)} %`;

/**
 * Page cache hits against a bare node:http server sending the same bytes with the same headers
 * (same run, same load tool, same connections, same request headers; the server's CPU time per
 * request too, which the load tool cannot cap), and misses forced with a cookie (a request with a
 * cookie is never cached).
 */
export async function cacheFigures(
  base: string,
  serverPid: number,
  options: { connections?: number; seconds?: number } = {},
): Promise<CacheFigure[]> {
  const rows: CacheFigure[] = [];
  const bareDir = mkdtempSync(join(tmpdir(), 'harborline-bare-'));
  const load = { connections: options.connections ?? 10, seconds: options.seconds ?? 8 };
  const barePort = async () => (process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) + 1 : await freePort());
  try {
    for (const path of CACHE_BENCH_PATHS) {
      for (const encoding of CACHE_BENCH_ENCODINGS) {
        // The warm-up load also fills every worker's cache (each process has its own), so the
        // captured answer is a hit whichever worker gives it.
        await loadTest('warm-up', `${base}${path}`, { ...load, seconds: WARM_UP_SECONDS, headers: encoding.headers });
        const answer = await rawAnswer(`${base}${path}`, encoding.headers);
        const cacheStatus = answer.headers.find(([name]) => name.toLowerCase() === 'x-cache')?.[1];
        if (answer.status !== 200 || cacheStatus !== 'HIT') {
          console.warn(
            `${path} answered ${answer.status} (X-Cache: ${cacheStatus}): left out of the page cache figures`,
          );
          continue;
        }
        const coding = answer.headers.find(([name]) => name.toLowerCase() === 'content-encoding')?.[1] ?? 'identity';
        const what = `${path} ${coding}, ${answer.body.length} bytes, ${answer.headers.length} headers`;
        const hit = await loadTest(`${what}: cache hit`, `${base}${path}`, {
          ...load,
          headers: encoding.headers,
          serverPid,
        });
        const bare = await startBareServer(answer, await barePort(), bareDir);
        // The same unmeasured warm-up as the cache had (JIT, first buffers): on a busy machine a
        // cold process's one-time work can double its CPU per request over 8 s.
        await loadTest('warm-up', bare.url, { ...load, seconds: WARM_UP_SECONDS, headers: encoding.headers });
        const baseline = await loadTest(`${what}: bare node:http`, bare.url, {
          ...load,
          headers: encoding.headers,
          serverPid: bare.pid,
        });
        await bare.stop();
        const perCpu =
          hit.cpuMicrosPerRequest && baseline.cpuMicrosPerRequest
            ? percent(baseline.cpuMicrosPerRequest, hit.cpuMicrosPerRequest)
            : '';
        rows.push(
          {
            what: hit.label,
            'req/s': hit.requestsPerSecond,
            'p99 ms': hit.p99,
            'CPU µs/req': hit.cpuMicrosPerRequest ?? '',
            'of bare req/s': percent(hit.requestsPerSecond, baseline.requestsPerSecond),
            'of bare per CPU s': perCpu,
          },
          {
            what: baseline.label,
            'req/s': baseline.requestsPerSecond,
            'p99 ms': baseline.p99,
            'CPU µs/req': baseline.cpuMicrosPerRequest ?? '',
            'of bare req/s': '100 %',
            'of bare per CPU s': '100 %',
          },
        );
      }
      const miss = await loadTest(`${path} miss (rendered; a cookie keeps the cache out)`, `${base}${path}`, {
        ...load,
        headers: { Cookie: 'bench=1' },
        serverPid,
      });
      rows.push({
        what: miss.label,
        'req/s': miss.requestsPerSecond,
        'p99 ms': miss.p99,
        'CPU µs/req': miss.cpuMicrosPerRequest ?? '',
        'of bare req/s': '',
        'of bare per CPU s': '',
      });
    }
  } finally {
    rmSync(bareDir, { recursive: true, force: true });
  }
  return rows;
}

/**
 * `npm run bench:page-cache`: the demo site (with media) on PGlite with one process, and on
 * PostgreSQL with WEB_CONCURRENCY=2 when one is reachable; hit, bare baseline and miss for `/`
 * and `/block-gallery/`. With `profileDir`, the server runs under `node --cpu-prof` and writes
 * its profile there on exit (open it in Chrome DevTools or speedscope).
 */
export async function benchPageCacheHttp(
  kind: 'pglite' | 'postgres',
  options: { workers?: number; profileDir?: string; connections?: number } = {},
): Promise<CacheFigure[] | null> {
  const workers = options.workers ?? 1;
  const dataDir = mkdtempSync(join(tmpdir(), 'harborline-bench-cache-'));
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (kind === 'postgres') {
    const admin = await reachableAdminUrl();
    if ('skip' in admin) {
      console.log(`\nPage cache on PostgreSQL: skipped, ${admin.skip}.`);
      return null;
    }
    const name = `harborline_bench_cache_${Date.now()}`;
    await adminQuery(admin.url, `CREATE DATABASE ${name}`);
    const url = new URL(admin.url);
    url.pathname = `/${name}`;
    databaseUrl = url.href;
    dropDatabase = () => adminQuery(admin.url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  try {
    const port = Number(process.env.BENCH_PORT) || (await freePort());
    const handle = openDatabase(databaseTarget(databaseUrl, dataDir));
    await migrateToLatest(handle.db);
    await seedDemoContent(handle.db, createLogger('silent'), {
      adminUsername: 'admin',
      adminPassword: 'bench-password',
      port,
      media: openMediaStorage({ driver: 'local', root: join(dataDir, 'media') }),
    });
    await handle.close();
    const nodeArgs = options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [];
    const server = spawn(process.execPath, [...nodeArgs, join(ROOT, 'dist/server/main.js')], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? '',
        WEB_CONCURRENCY: String(workers),
        SESSION_SECRET: 'p'.repeat(48),
        ADMIN_PASSWORD: 'bench-password',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    try {
      const base = `http://localhost:${port}`;
      await waitUntilUp(base);
      await waitUntilIdle(server.pid!);
      const rows = await cacheFigures(base, server.pid!, { connections: options.connections });
      console.log(
        `\nPage cache (${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, WEB_CONCURRENCY=${workers}; autocannon, ${options.connections ?? 10} connections, 8 s each after 3 s of warm-up; CPU µs/req: the server's processes, user + system; 'of bare per CPU s': bare CPU per request / hit CPU per request; ${new Date().toISOString().slice(0, 16)}Z, load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')})`,
      );
      printTable(rows);
      await missAgainstNginx(base, server.pid!, kind, workers);
      return rows;
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
  } finally {
    await dropDatabase?.().catch((error: unknown) => console.warn('dropping the bench database failed', error));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
