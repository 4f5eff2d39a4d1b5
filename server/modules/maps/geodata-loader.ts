import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { BASE_MAP_DATA_FILE, readBaseMapData } from './geodata-file';
import type { BaseMapLevels } from './geodata';

/**
 * The worker: the server bundle's own entry when running from dist/server (build-assets.ts);
 * from source, a two-line bootstrap that registers tsx in the thread first (Node 20 does not
 * hand `--import tsx` on to worker threads), then loads geodata-worker.ts.
 */
function startWorker(file: string): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./base-map-worker.js', import.meta.url), { workerData: { file } });
  // The package's ESM entry (require.resolve would give its CommonJS one).
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
  const tsx = pathToFileURL(join(dirname(tsxPackage), 'dist/esm/api/index.mjs')).href;
  const entry = new URL('./geodata-worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(bootstrap, { eval: true, workerData: { file } });
}

function deriveInWorker(file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(file);
    worker.once('message', () => resolve());
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the base map's geodata worker exited with code ${code}`)),
    );
  });
}

/**
 * The base map's geodata: the file `npm run build` wrote, or, when there is none (a checkout
 * run from source, tests) or it is stale, derived once in a worker thread and written for the
 * next process. A dist/ that cannot be written falls back to the temporary folder.
 */
export async function loadBaseMapLevels(file = BASE_MAP_DATA_FILE): Promise<BaseMapLevels> {
  const stored = await readBaseMapData(file);
  if (stored) return stored;
  let written = file;
  try {
    await deriveInWorker(file);
  } catch {
    written = join(tmpdir(), `harborline-${file.split(/[\\/]/).pop()}`);
    const earlier = await readBaseMapData(written);
    if (earlier) return earlier;
    await deriveInWorker(written);
  }
  const derived = await readBaseMapData(written);
  if (!derived) throw new Error(`the base map's geodata could not be read back from ${written}`);
  return derived;
}
