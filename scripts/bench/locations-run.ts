import { benchGeocoder } from './geocoder';
import { printTable } from './http';
import { benchNearestBoth } from './locations';

/**
 * `npm run bench:nearest`: the offline geocoder's search, then the nearest-26 and region queries
 * (700 and 100,000 restaurants; PostgreSQL when reachable, then in-memory PGlite).
 */
console.log('Offline geocoder search (in process, µs per query)');
printTable([benchGeocoder()]);
console.log(
  '\nNearest-26 query, radius 200 mi, and region search (26 nearest its centre, count of all), 300 runs per row after 3 s of unmeasured queries (CPU ms: this process per query, PGlite only)',
);
printTable(await benchNearestBoth());
