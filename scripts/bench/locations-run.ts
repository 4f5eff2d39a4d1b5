import { printTable } from './http';
import { benchNearestBoth } from './locations';

/** `npm run bench:nearest`: the nearest-26 query alone (700 and 100,000 restaurants; PostgreSQL when reachable, then in-memory PGlite). */
console.log(
  'Nearest-26 query, radius 200 mi, 300 runs per row after 3 s of unmeasured queries (CPU ms: this process per query, PGlite only)',
);
printTable(await benchNearestBoth());
