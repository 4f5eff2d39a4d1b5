import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { BASE_MAP_DATA_FILE, writeBaseMapData } from '../../server/modules/maps/geodata-file';
import { ROOT } from '../build-assets';
import { printTable } from './http';

export type BaseMapFigure = {
  way: string;
  'first tile ms': number;
  'longest block ms': number;
  'RSS MB': number;
  'heap MB': number;
};

const WAYS = {
  derive: 'derived on the first tile request (before)',
  file: "read from dist/maps/ (build time's file, now)",
} as const;

/**
 * `npm run bench` (map section): the base map's first tile, each way in a fresh process
 * (--expose-gc, so the memory is after a full collection), `runs` times each, medians.
 */
export function benchBaseMap(runs = 3): BaseMapFigure[] {
  if (!existsSync(BASE_MAP_DATA_FILE)) writeBaseMapData();
  const figures: BaseMapFigure[] = [];
  for (const mode of ['derive', 'file'] as const) {
    const samples = Array.from({ length: runs }, () => {
      const output = execFileSync(
        process.execPath,
        ['--expose-gc', '--import', 'tsx', join(ROOT, 'scripts/bench/base-map-first-tile.ts'), mode],
        { cwd: ROOT, encoding: 'utf8' },
      );
      return JSON.parse(output.trim().split('\n').pop()!) as {
        firstTileMs: number;
        longestBlockMs: number;
        rssMb: number;
        heapMb: number;
      };
    });
    const median = (pick: (sample: (typeof samples)[number]) => number) =>
      samples.map(pick).sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
    figures.push({
      way: WAYS[mode],
      'first tile ms': median((s) => s.firstTileMs),
      'longest block ms': median((s) => s.longestBlockMs),
      'RSS MB': median((s) => s.rssMb),
      'heap MB': median((s) => s.heapMb),
    });
  }
  return figures;
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const figures = benchBaseMap(Number(process.env.BENCH_RUNS ?? 3));
  console.log(`\nBase map's first tile (fresh process each, medians; load average ${loadavg()[0]!.toFixed(1)})`);
  printTable(figures);
}
