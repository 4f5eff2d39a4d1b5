import { buildClient, buildServer } from '../build-assets';
import { benchPageCacheMemory } from './page-cache-memory';

/** `npm run bench:page-cache-memory`: the page cache memory part of `npm run bench` alone (production build; BENCH_PORT to pick the port). */
if (process.env.BENCH_SKIP_BUILD !== '1') {
  console.log('Building for production...');
  await buildClient(true);
  await buildServer();
}
await benchPageCacheMemory({ port: process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined });
