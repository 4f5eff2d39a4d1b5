import { monitorEventLoopDelay } from 'node:perf_hooks';
import { deriveBaseMapLevels } from '../../server/modules/maps/geodata';
import { baseMapTiles, indexBaseMap } from '../../server/modules/maps/tiles';

/**
 * One measurement in a fresh process (base-map.ts runs it twice): the time to the first tile
 * (New York at zoom 10, as the map page asks first), the longest the event loop stood still
 * meanwhile, and the process's memory after. `derive` is the way before the geodata file (the
 * derivation on the first request); `file` is the way now (the file `npm run build` wrote).
 */
const mode = process.argv[2];
if (mode !== 'derive' && mode !== 'file') throw new Error('usage: base-map-first-tile.ts derive|file');

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
// Let the histogram see one turn before the work starts.
await new Promise((resolve) => setTimeout(resolve, 50));
const started = performance.now();
if (mode === 'derive') {
  indexBaseMap(deriveBaseMapLevels()).encoded(10, 301, 385);
} else {
  (await baseMapTiles()).encoded(10, 301, 385);
}
const firstTileMs = performance.now() - started;
await new Promise((resolve) => setTimeout(resolve, 20));
delay.disable();
globalThis.gc?.();
const memory = process.memoryUsage();
console.log(
  JSON.stringify({
    mode,
    firstTileMs: Math.round(firstTileMs),
    longestBlockMs: Math.round(delay.max / 1e6),
    rssMb: Math.round(memory.rss / 1e6),
    heapMb: Math.round(memory.heapUsed / 1e6),
  }),
);
