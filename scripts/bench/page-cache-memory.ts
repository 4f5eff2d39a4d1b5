import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { databaseTarget, migrateToLatest, openDatabase } from '../../server/db';
import { createLogger } from '../../server/logger';
import { seedDemoContent } from '../../server/seed/seed';
import { ROOT } from '../build-assets';
import { residentMegabytes, seedPressReleases } from './media';
import { freePort, waitUntilUp } from './server-process';
import { adminQuery, reachableAdminUrl } from './waitlist';

export const CACHED_PAGES = 10_000;
/** Release pages rendered (never stored: a cookie keeps the cache out) before the baseline, so it is a warm process. */
const WARM_UP_PAGES = 300;
const REPORT_SECONDS = 2;
const REPORT_TIMEOUT_MS = 30_000;

/** The server's own 'page cache' log line: the cache's counters and the process's memory, after a full GC (--expose-gc). */
type Report = {
  entries: number;
  bytes: number;
  memoBytes?: number;
  rssMb: number;
  heapUsedMb: number;
  externalMb: number;
  arrayBuffersMb: number;
};
export type CacheMemoryFigure = {
  database: string;
  bound: string;
  moment: string;
  entries: number | string;
  'cache MB': number | string;
  'memo MB': number | string;
  'RSS MB': number;
  'heap MB': number | string;
  'external MB': number | string;
  'arrayBuffers MB': number | string;
  verdict: string;
};

/** The server (one process, --expose-gc so its report follows a full collection) with the page cache bounded to `cacheMb`. */
function startServer(
  port: number,
  dataDir: string,
  databaseUrl: string | undefined,
  cacheMb: number,
  onReport: (report: Report) => void,
): ChildProcess {
  const server = spawn(process.execPath, ['--expose-gc', join(ROOT, 'dist/server/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      SESSION_SECRET: 'c'.repeat(48),
      ADMIN_PASSWORD: 'bench-password',
      LOG_LEVEL: 'info',
      WEB_CONCURRENCY: '1',
      PAGE_CACHE_MB: String(cacheMb),
      PAGE_CACHE_REPORT_SECONDS: String(REPORT_SECONDS),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  createInterface({ input: server.stdout! }).on('line', (line) => {
    if (!line.includes('"page cache"')) return;
    try {
      const parsed = JSON.parse(line) as Partial<Report> & { msg?: string };
      if (parsed.msg === 'page cache' && typeof parsed.entries === 'number' && typeof parsed.rssMb === 'number')
        onReport(parsed as Report);
    } catch {
      // Not a log line of ours.
    }
  });
  return server;
}

/** Requests every path once, a few at a time (each anonymous answer becomes a cache entry). */
async function fill(
  base: string,
  paths: string[],
  headers: Record<string, string> = {},
  concurrency = 4,
): Promise<number> {
  let next = 0;
  let failures = 0;
  const worker = async () => {
    while (next < paths.length) {
      const res = await fetch(`${base}${paths[next++]!}`, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) failures++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return failures;
}

async function measure(
  port: number,
  dataDir: string,
  databaseUrl: string | undefined,
  cacheMb: number,
  paths: string[],
  warmUp: string[],
): Promise<CacheMemoryFigure[]> {
  let latest: { at: number; report: Report } | undefined;
  const server = startServer(port, dataDir, databaseUrl, cacheMb, (report) => (latest = { at: Date.now(), report }));
  const base = `http://localhost:${port}`;
  /** The server reports while it serves: one cached page is asked for until a report newer than now arrives. */
  const reportAfterNow = async (): Promise<Report> => {
    const since = Date.now();
    while (!latest || latest.at <= since) {
      if (Date.now() - since > REPORT_TIMEOUT_MS) throw new Error('no page cache report from the server');
      await (await fetch(`${base}${paths[0]!}`)).arrayBuffer();
      await new Promise((r) => setTimeout(r, 500));
    }
    return latest.report;
  };
  try {
    await waitUntilUp(base);
    if ((await fill(base, warmUp, { Cookie: 'bench=1' })) > 0) throw new Error('a warm-up page did not answer 200');
    await (await fetch(`${base}${paths[0]!}`)).arrayBuffer();
    const again = await fetch(`${base}${paths[0]!}`);
    await again.arrayBuffer();
    if (again.headers.get('x-cache') !== 'HIT')
      throw new Error(`a release page is not served from the cache (X-Cache: ${again.headers.get('x-cache')})`);
    const baseline = await reportAfterNow();
    const started = performance.now();
    const failures = await fill(base, paths);
    const fillSeconds = Math.round((performance.now() - started) / 1000);
    if (failures > 0) throw new Error(`${failures} of ${paths.length} pages did not answer 200`);
    const after = await reportAfterNow();
    const { peak } = residentMegabytes(server.pid!);
    const limit = baseline.rssMb + cacheMb;
    const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
    const row = (moment: string, report: Report, verdict: string): CacheMemoryFigure => ({
      database,
      bound: `${cacheMb} MB`,
      moment,
      entries: report.entries,
      'cache MB': Number((report.bytes / 1024 / 1024).toFixed(1)),
      'memo MB': Number(((report.memoBytes ?? 0) / 1024 / 1024).toFixed(1)),
      'RSS MB': report.rssMb,
      'heap MB': report.heapUsedMb,
      'external MB': report.externalMb,
      'arrayBuffers MB': report.arrayBuffersMb,
      verdict,
    });
    return [
      row(`baseline (warm, ${WARM_UP_PAGES} pages rendered uncached)`, baseline, ''),
      row(
        `after ${paths.length.toLocaleString('en-US')} pages (${fillSeconds} s)`,
        after,
        after.rssMb <= limit
          ? `within bound + baseline (${limit} MB)`
          : `ABOVE bound + baseline (${limit} MB) by ${after.rssMb - limit} MB`,
      ),
      {
        database,
        bound: `${cacheMb} MB`,
        moment: 'peak RSS (VmHWM)',
        entries: '',
        'cache MB': '',
        'memo MB': '',
        'RSS MB': peak,
        'heap MB': '',
        'external MB': '',
        'arrayBuffers MB': '',
        verdict: '',
      },
    ];
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

/** A throw-away PostgreSQL database (dropped afterwards), or why there is none. */
async function throwAwayDatabase(): Promise<{ url: string; drop(): Promise<void> } | { skip: string }> {
  const admin = await reachableAdminUrl();
  if ('skip' in admin) return admin;
  const name = `harborline_bench_cache_memory_${Date.now()}`;
  await adminQuery(admin.url, `CREATE DATABASE ${name}`);
  const url = new URL(admin.url);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => adminQuery(admin.url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * The page cache's memory with 10,000 distinct cached pages (press release pages, each asked for
 * once by an anonymous visitor), on the embedded PGlite (the database's memory is in the same
 * process) and on PostgreSQL (outside it; a throw-away database, skipped with the reason when
 * none is reachable). Per bound: the baseline (a warm process, after a full GC), after the
 * 10,000 pages (after a full GC), and the verdict against the target: RSS never above
 * the bound plus the baseline. The server's own report line gives heap, external and
 * arrayBuffers (process.memoryUsage()) besides RSS.
 */
export async function benchPageCacheMemory(
  options: { port?: number; bounds?: number[]; databases?: Array<'pglite' | 'postgres'> } = {},
): Promise<CacheMemoryFigure[]> {
  const out: CacheMemoryFigure[] = [];
  const port = options.port ?? (await freePort());
  const paths = Array.from({ length: CACHED_PAGES }, (_, i) => `/press/bench-release-${i + 1}/`);
  const warmUp = Array.from({ length: WARM_UP_PAGES }, (_, i) => `/press/bench-release-${CACHED_PAGES + i + 1}/`);
  for (const kind of options.databases ?? ['pglite', 'postgres']) {
    const dataDir = mkdtempSync(join(tmpdir(), 'harborline-bench-cache-'));
    let database: { url: string; drop(): Promise<void> } | undefined;
    try {
      if (kind === 'postgres') {
        const found = await throwAwayDatabase();
        if ('skip' in found) {
          console.log(`\nPage cache memory on PostgreSQL: skipped, ${found.skip}.`);
          continue;
        }
        database = found;
      }
      const handle = openDatabase(databaseTarget(database?.url, dataDir));
      await migrateToLatest(handle.db);
      await seedDemoContent(handle.db, createLogger('silent'), {
        adminUsername: 'admin',
        adminPassword: 'bench-password',
        port,
      });
      await seedPressReleases(handle.db, CACHED_PAGES + WARM_UP_PAGES);
      await handle.close();
      for (const bound of options.bounds ?? [64])
        out.push(...(await measure(port, dataDir, database?.url, bound, paths, warmUp)));
    } finally {
      await database?.drop().catch((error: unknown) => console.warn('dropping the bench database failed', error));
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log(
    `\nPage cache memory (${CACHED_PAGES.toLocaleString('en-US')} distinct press release pages, each asked for once, 4 at a time; one server process under --expose-gc, figures from its own report after a full GC; ${new Date().toISOString().slice(0, 16)}Z, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  );
  console.table(out);
  return out;
}
