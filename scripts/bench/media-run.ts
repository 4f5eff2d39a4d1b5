import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseTarget, migrateToLatest, openDatabase } from '../../server/db';
import { createLogger } from '../../server/logger';
import { seedDemoContent } from '../../server/seed/seed';
import { DEMO_RELEASE_COUNT } from '../../server/seed/site-pages/press';
import { buildClient, buildServer, ROOT } from '../build-assets';
import { benchMedia, seedPressReleases } from './media';
import { freePort, waitUntilUp } from './server-process';

/**
 * `npm run bench:media`: the media part of `npm run bench` alone. Production build, a temporary
 * PGlite database (or DATABASE_URL) with the demo and 1,000 press releases, the real server (one
 * process) on BENCH_PORT or a free port.
 */
const RELEASES = 1_000;
if (process.env.BENCH_SKIP_BUILD !== '1') {
  console.log('Building for production...');
  await buildClient(true);
  await buildServer();
}
const dataDir = mkdtempSync(join(tmpdir(), 'harborline-bench-media-'));
const port = Number(process.env.BENCH_PORT ?? (await freePort()));
const handle = openDatabase(databaseTarget(process.env.DATABASE_URL, dataDir));
await migrateToLatest(handle.db);
await seedDemoContent(handle.db, createLogger('silent'), {
  adminUsername: 'admin',
  adminPassword: 'bench-password',
  port,
});
await seedPressReleases(handle.db, RELEASES - DEMO_RELEASE_COUNT);
await handle.close();

const server = spawn(process.execPath, [join(ROOT, 'dist/server/main.js')], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    SESSION_SECRET: 'b'.repeat(48),
    ADMIN_PASSWORD: 'bench-password',
    LOG_LEVEL: 'warn',
    WEB_CONCURRENCY: '1',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  const base = `http://localhost:${port}`;
  await waitUntilUp(base);
  await benchMedia(base, server.pid!, { username: 'admin', password: 'bench-password' }, RELEASES);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
