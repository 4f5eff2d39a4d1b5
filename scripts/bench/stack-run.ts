import { buildClient, buildServer } from '../build-assets';
import { benchStack } from './stack';

/**
 * `npm run bench:stack`: the edge (Varnish), nginx serving the same bytes and one dyno's
 * in-process cache, for `/`, `/block-gallery/` and `/locations/`, in one run (scripts/bench/stack.ts).
 * BENCH_SKIP_BUILD=1 uses dist/ as it is; BENCH_STACK_PATHS=/a/,/b/ and BENCH_STACK_ENCODINGS=identity (or
 * 'gzip, deflate, br') measure a part; BENCH_PORT is the edge's port (default 8090; the dynos
 * and nginx take the ports after it); BENCH_STACK_DYNOS the number of dynos (default 2, one per core).
 */
if (process.env.BENCH_SKIP_BUILD !== '1') {
  console.log('Building for production...');
  await buildClient(true);
  await buildServer();
}
await benchStack();
