import { buildClient, buildServer } from '../build-assets';
import { benchPageCacheMemory } from './page-cache-memory';

/**
 * `npm run bench:page-cache-memory`: the page cache memory part of `npm run bench` alone (production
 * build; BENCH_SKIP_BUILD=1 uses dist/ as it is; BENCH_PORT picks the port; BENCH_CACHE_MB=64,1024
 * measures several bounds; BENCH_DATABASES=pglite or postgres measures one).
 */
if (process.env.BENCH_SKIP_BUILD !== '1') {
  console.log('Building for production...');
  await buildClient(true);
  await buildServer();
}
await benchPageCacheMemory({
  port: process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined,
  bounds: process.env.BENCH_CACHE_MB?.split(',').map(Number),
  databases: process.env.BENCH_DATABASES?.split(',') as Array<'pglite' | 'postgres'> | undefined,
});
