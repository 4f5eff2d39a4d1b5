import { relative } from 'node:path';
import { BASE_MAP_DATA_FILE, writeBaseMapData } from '../server/modules/maps/geodata-file';
import { buildClient, buildServer, ROOT } from './build-assets';

/** `npm run build`: browser assets (minified, content-hashed) and the server bundle in dist/. */
const started = performance.now();
await buildClient(process.env.NODE_ENV !== 'development');
await buildServer();
// The base map's geodata, derived once here instead of in every server process (4-8 s of CPU).
const geodata = writeBaseMapData();
console.log(
  `wrote ${relative(ROOT, BASE_MAP_DATA_FILE)} (${(geodata.bytes / 1e6).toFixed(1)} MB) in ${geodata.milliseconds} ms`,
);
console.log(`built dist/ in ${Math.round(performance.now() - started)} ms`);
