import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { databaseTarget, migrateToLatest, openDatabase } from '../../server/db';
import { createLogger } from '../../server/logger';
import { seedDemoContent } from '../../server/seed/seed';
import { ROOT } from '../build-assets';
import { residentMegabytes, seedPressReleases } from './media';
import { freePort, waitUntilUp } from './server-process';

export const CACHED_PAGES = 10_000;
const STATS_TIMEOUT_MS = 75_000;

type CacheStats = { entries: number; bytes: number };
export type CacheMemoryFigure = { bound: string; pages: number; 'fill s': number; entries: number; 'cache MB': number; 'RSS before MB': number; 'RSS after MB': number; 'RSS growth MB': number; 'peak RSS MB': number };

/** The server (one process) with the page cache bounded to `cacheMb`; its 'page cache' log lines (once a minute while it serves) are handed to `onStats`. */
function startServer(port: number, dataDir: string, cacheMb: number, onStats: (stats: CacheStats) => void): ChildProcess {
  const server = spawn(process.execPath, [join(ROOT, 'dist/server/main.js')], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, SESSION_SECRET: 'c'.repeat(48), ADMIN_PASSWORD: 'bench-password', LOG_LEVEL: 'info', WEB_CONCURRENCY: '1', PAGE_CACHE_MB: String(cacheMb) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  createInterface({ input: server.stdout! }).on('line', (line) => {
    if (!line.includes('"page cache"')) return;
    try {
      const parsed = JSON.parse(line) as { msg?: string; entries?: number; bytes?: number };
      if (parsed.msg === 'page cache' && typeof parsed.entries === 'number' && typeof parsed.bytes === 'number') onStats({ entries: parsed.entries, bytes: parsed.bytes });
    } catch {
      // Not a log line of ours.
    }
  });
  return server;
}

/** Requests every path once, a few at a time, as anonymous visitors (each answer becomes a cache entry). */
async function fill(base: string, paths: string[], concurrency = 4): Promise<number> {
  let next = 0;
  let failures = 0;
  const worker = async () => {
    while (next < paths.length) {
      const res = await fetch(`${base}${paths[next++]!}`);
      await res.arrayBuffer();
      if (res.status !== 200) failures++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return failures;
}

async function measure(port: number, dataDir: string, cacheMb: number, paths: string[]): Promise<CacheMemoryFigure> {
  let latest: { at: number; stats: CacheStats } | undefined;
  const server = startServer(port, dataDir, cacheMb, (stats) => (latest = { at: Date.now(), stats }));
  try {
    const base = `http://localhost:${port}`;
    await waitUntilUp(base);
    // Warm the process (JIT, in-process copies of the site tree) on pages outside the measured set.
    for (const path of ['/', '/press/', '/press/releases/']) await (await fetch(`${base}${path}`)).arrayBuffer();
    const probe = await fetch(`${base}${paths[0]!}`);
    await probe.arrayBuffer();
    const again = await fetch(`${base}${paths[0]!}`);
    await again.arrayBuffer();
    if (again.headers.get('x-cache') !== 'HIT') throw new Error(`a release page is not served from the cache (X-Cache: ${again.headers.get('x-cache')})`);
    const before = residentMegabytes(server.pid!);
    const started = performance.now();
    const failures = await fill(base, paths);
    const fillSeconds = (performance.now() - started) / 1000;
    if (failures > 0) throw new Error(`${failures} of ${paths.length} pages did not answer 200`);
    const filledAt = Date.now();
    // The cache reports itself once a minute while it serves: keep one cached page asked for until a report after the fill arrives.
    while (!latest || latest.at < filledAt) {
      if (Date.now() - filledAt > STATS_TIMEOUT_MS) throw new Error('no page cache report from the server');
      await (await fetch(`${base}${paths.at(-1)!}`)).arrayBuffer();
      await new Promise((r) => setTimeout(r, 1000));
    }
    const after = residentMegabytes(server.pid!);
    return {
      bound: `${cacheMb} MB`,
      pages: paths.length,
      'fill s': Number(fillSeconds.toFixed(0)),
      entries: latest.stats.entries,
      'cache MB': Number((latest.stats.bytes / 1024 / 1024).toFixed(1)),
      'RSS before MB': before.rss,
      'RSS after MB': after.rss,
      'RSS growth MB': after.rss - before.rss,
      'peak RSS MB': after.peak,
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

/**
 * The page cache's memory with 10,000 distinct cached pages (press release pages, each asked for
 * once by an anonymous visitor): with the default bound (64 MB, so older entries are evicted) and
 * with a bound that holds them all. Its own temporary PGlite database (or DATABASE_URL) and
 * server; the cache's own byte count comes from the server's once-a-minute 'page cache' log line.
 */
export async function benchPageCacheMemory(options: { port?: number; bounds?: number[] } = {}): Promise<CacheMemoryFigure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'harborline-bench-cache-'));
  try {
    const port = options.port ?? (await freePort());
    const handle = openDatabase(databaseTarget(process.env.DATABASE_URL, dataDir));
    await migrateToLatest(handle.db);
    await seedDemoContent(handle.db, createLogger('silent'), { adminUsername: 'admin', adminPassword: 'bench-password', port });
    await seedPressReleases(handle.db, CACHED_PAGES);
    await handle.close();
    const paths = Array.from({ length: CACHED_PAGES }, (_, i) => `/press/bench-release-${i + 1}/`);
    const out: CacheMemoryFigure[] = [];
    for (const bound of options.bounds ?? [64, 1024]) out.push(await measure(port, dataDir, bound, paths));
    console.log(`\nPage cache memory (${CACHED_PAGES.toLocaleString('en-US')} distinct press release pages, each asked for once, 4 at a time; one server process; ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; RSS from /proc)`);
    console.table(out);
    return out;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
