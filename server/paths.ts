import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The project folder, found from this file whether it runs from source or from dist/server. */
function findProjectRoot(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${start}`);
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findProjectRoot(import.meta.dirname);
export const DIST_DIR = join(PROJECT_ROOT, 'dist');
export const PUBLIC_ASSETS_DIR = join(DIST_DIR, 'public');
export const STATIC_DIR = join(PROJECT_ROOT, 'static');
