import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { databaseTarget, migrateToLatest, openDatabase } from '../../server/db';
import { createLogger } from '../../server/logger';
import { findLivePage } from '../../server/modules/pages/repo';
import { createPage } from '../../server/modules/pages/service';
import { seedDemoContent } from '../../server/seed/seed';
import { openMediaStorage } from '../../server/storage/open-media-storage';
import { blockSchemas } from '../../views/blocks/schemas';
import { buildClient, buildServer, ROOT } from '../build-assets';
import { benchAdmin, seedAdminBenchTree } from './admin';
import { loadTest, printTable } from './http';
import { javascriptBytesPerTemplate } from './js-bytes';
import { benchBaseMap } from './base-map';
import { benchGeocoder } from './geocoder';
import { benchNearestBoth } from './locations';
import { cacheFigures } from './page-cache-http';
import { benchLookupQuery, benchRedirectScreens, seedBenchRedirects } from './redirects';
import { benchWaitlist } from './waitlist';
import { BENCH_AUDIT_ROWS, benchReportScreens, seedBenchAuditLog } from './reports';
import { benchMedia, seedPressReleases } from './media';
import { benchPageCacheMemory } from './page-cache-memory';
import { DEMO_RELEASE_COUNT } from '../../server/seed/site-pages/press';

/**
 * `npm run bench`: builds for production, prepares a database (PGlite in a temp folder, or
 * DATABASE_URL), starts the real server and loads it with autocannon. Prints figures only.
 */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

console.log('Building for production...');
await buildClient(true);
await buildServer();

const dataDir = mkdtempSync(join(tmpdir(), 'harborline-bench-'));
const port = await freePort();
const handle = openDatabase(databaseTarget(process.env.DATABASE_URL, dataDir));
await migrateToLatest(handle.db);
// With media (as a real site has them): the block gallery is seeded only with its images.
await seedDemoContent(handle.db, createLogger('silent'), {
  adminUsername: 'admin',
  adminPassword: 'bench-password',
  port,
  media: openMediaStorage({ driver: 'local', root: join(dataDir, 'media') }),
});
const home = (
  await handle.db
    .selectFrom('sites')
    .select('root_page_id')
    .where('is_default_site', '=', true)
    .executeTakeFirstOrThrow()
).root_page_id;
const demos = [...blockSchemas.values()];
if (!(await findLivePage(handle.db, '/home/bench-60-blocks/', '0001'))) {
  const body = Array.from({ length: 60 }, (_, i) => ({
    type: demos[i % demos.length]!.type,
    id: randomUUID(),
    value: demos[i % demos.length]!.demo,
  }));
  await createPage(handle.db, {
    parentId: home,
    pageType: 'ExamplePage',
    title: 'Bench 60 blocks',
    content: { body, confirmation_content: [] },
    publish: true,
  });
}
const sixtyBlockPageId = (await findLivePage(handle.db, '/home/bench-60-blocks/', '0001'))!.id;
console.log('Adding 10,100 pages for the back-office figures...');
const adminTree = await seedAdminBenchTree(handle.db, home);
const defaultSite = (
  await handle.db.selectFrom('sites').select('id').where('is_default_site', '=', true).executeTakeFirstOrThrow()
).id;
console.log('Adding 10,000 redirects...');
await seedBenchRedirects(handle.db, defaultSite);
console.log('Adding 100,000 audit-log entries...');
await seedBenchAuditLog(
  handle.db,
  (await handle.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id,
);
const lookup = await benchLookupQuery(handle.db, defaultSite);
const BENCH_RELEASES = 1_000;
console.log('Adding press releases (1,000 in all)...');
await seedPressReleases(handle.db, BENCH_RELEASES - DEMO_RELEASE_COUNT);
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
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  const base = `http://localhost:${port}`;
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`${base}/api/ht/`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }
  // The page cache: hits against a bare node:http server sending the same bytes, and misses.
  const cacheRows = await cacheFigures(base, server.pid!);
  console.log(
    `\nPage cache (autocannon, 10 connections, 8 s each; ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; ${new Date().toISOString().slice(0, 10)})`,
  );
  printTable(cacheRows);

  const results = [];
  results.push(await loadTest('home page', `${base}/`));
  results.push(await loadTest('60-block page', `${base}/bench-60-blocks/`));
  results.push(await loadTest('health check', `${base}/api/ht/database/`));
  results.push(
    await loadTest(
      'getlocations API (26 nearest)',
      `${base}/api/location/getlocations/?latitude=28.5383&longitude=-81.3792&radius=200&limit=26`,
    ),
  );
  results.push(await loadTest('state list page', `${base}/locations/`));
  console.log(
    `\nHTTP (autocannon, 10 connections, 8 s each; ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; pages after the first request are page cache hits)`,
  );
  printTable(
    results.map((r) => ({
      url: r.label,
      'req/s': r.requestsPerSecond,
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'non-2xx': r.non2xx,
    })),
  );
  const admin = await benchAdmin(base, {
    username: 'admin',
    password: 'bench-password',
    bigParentId: adminTree.bigParentId,
    sixtyBlockPageId,
  });
  console.log(
    `\nBack office (${adminTree.totalPages.toLocaleString('en-US')} pages; signed-in superuser; one request at a time through the running server, send to last byte on localhost, 30 runs after 3 warm-up)`,
  );
  printTable(admin.map((r) => ({ what: r.what, 'p50 ms': r.p50, 'p95 ms': r.p95, status: r.status })));
  const redirects = await benchRedirectScreens(base, { username: 'admin', password: 'bench-password' });
  console.log(
    '\nRedirects (10,000 rows; one request at a time through the running server, send to last byte on localhost, 30 runs after 3 warm-up)',
  );
  printTable(redirects.map((r) => ({ what: r.what, 'p50 ms': r.p50, 'p95 ms': r.p95, status: r.status })));
  const reports = await benchReportScreens(base, { username: 'admin', password: 'bench-password' });
  console.log(
    `\nReports (${BENCH_AUDIT_ROWS.toLocaleString('en-US')} audit-log entries besides the demo's; signed-in superuser; one request at a time through the running server, send to last byte on localhost, 30 runs after 3 warm-up)`,
  );
  printTable(reports.map((r) => ({ what: r.what, 'p50 ms': r.p50, 'p95 ms': r.p95, status: r.status })));
  console.log('\nRedirect lookup on the 404 path (lookupRedirect, one indexed statement, same database, 300 runs)');
  printTable(lookup);
  // Renditions, upload memory (of this one server process; WEB_CONCURRENCY above 1 would measure the primary) and the press list.
  await benchMedia(base, server.pid!, { username: 'admin', password: 'bench-password' }, BENCH_RELEASES);
  console.log('\nJavaScript per template (gzip, entry + template chunk + imports)');
  printTable(
    javascriptBytesPerTemplate().map((r) => ({
      template: r.template,
      files: r.files,
      'KB gz': (r.gzipBytes / 1024).toFixed(1),
    })),
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
}

console.log(
  '\nNearest-26 query, radius 200 mi (findNearby: quarter-degree cells on the index, unit vectors; window count or per-cell counts with a small circle first), 300 runs',
);
printTable(await benchNearestBoth());
console.log('\nOffline geocoder search (in process, µs per query; the index built once per process)');
printTable([benchGeocoder()]);
console.log(
  "\nBase map's first tile (fresh process each way, 3 runs, medians): derived on the request vs read from dist/maps/",
);
printTable(benchBaseMap());
rmSync(dataDir, { recursive: true, force: true });

// The page cache's memory with 10,000 cached pages (its own database and server, restarted per bound).
await benchPageCacheMemory();

// Wait-list join and estimate on PostgreSQL (its own database and server; skipped without PostgreSQL).
await benchWaitlist();
