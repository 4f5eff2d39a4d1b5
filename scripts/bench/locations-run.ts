import { printTable } from './http';
import { benchNearestQuery } from './locations';

/** `npm run bench:nearest`: the nearest-26 query alone (in-memory PGlite, 700 and 100,000 restaurants). */
printTable((await benchNearestQuery({ kind: 'pglite-memory' })).map((r) => ({ locations: r.locations, 'p50 ms': r.p50, 'p95 ms': r.p95 })));
