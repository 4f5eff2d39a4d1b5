import { buildClient, buildServer } from '../build-assets';
import { benchPageCacheHttp } from './page-cache-http';

/**
 * `npm run bench:page-cache`: hits, the bare baseline and misses on PGlite (one process) and on
 * PostgreSQL (two workers; skipped without one). BENCH_PROFILE_DIR=dir profiles the PGlite server;
 * BENCH_SKIP_BUILD=1 uses the build in dist/ as it is; BENCH_PORT picks the server's port (the bare
 * baseline takes the next one); BENCH_DATABASES=pglite or postgres runs one.
 */
if (process.env.BENCH_SKIP_BUILD !== '1') {
  console.log('Building for production...');
  await buildClient(true);
  await buildServer();
}
const databases = process.env.BENCH_DATABASES?.split(',') ?? ['pglite', 'postgres'];
if (databases.includes('pglite')) await benchPageCacheHttp('pglite', { profileDir: process.env.BENCH_PROFILE_DIR });
if (databases.includes('postgres') && !process.env.BENCH_PROFILE_DIR)
  await benchPageCacheHttp('postgres', { workers: 2 });
