import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { ROOT, serverBuildOptions } from './build-assets';

/**
 * The server as production runs it (Procfile: `node dist/server/main.js`), for the suites that
 * start a real server process. It starts in half the CPU time of the sources under tsx (measured:
 * 1.8 s against 3.9 s before the environment is even read), and a test of the process is then a
 * test of what ships.
 */
const SERVER_DIST = join(ROOT, 'dist/server');
const SOURCES = ['server', 'shared', 'views', 'migrations'];
// The build's own options count as a source too.
const BUILD_SCRIPT = join(ROOT, 'scripts/build-assets.ts');

/** Node's argv for the server's entry point, built first when stale. */
export function serverEntryArgs(): string[] {
  ensureServerBundle();
  return [join(SERVER_DIST, 'main.js')];
}

function newestSourceChange(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSourceChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}

let checked = false;

const builtAt = () => {
  try {
    return statSync(join(SERVER_DIST, 'main.js')).mtimeMs;
  } catch {
    return 0;
  }
};

/**
 * Builds dist/server/ when any source is newer than it (npm test builds it before the phases
 * start, so this only builds when mocha runs on its own). It is written beside dist/server/ and
 * renamed in file by file: another process starting a server never reads half a file.
 */
export function ensureServerBundle(): void {
  // Once a process: the sources do not change during a test run.
  if (checked) return;
  checked = true;
  const newest = Math.max(statSync(BUILD_SCRIPT).mtimeMs, ...SOURCES.map((dir) => newestSourceChange(join(ROOT, dir))));
  if (builtAt() >= newest) return;
  mkdirSync(SERVER_DIST, { recursive: true });
  const staging = mkdtempSync(join(ROOT, 'dist', '.server-'));
  try {
    esbuild.buildSync(serverBuildOptions(staging));
    // main.js last: its time is what says the bundle is up to date.
    const files = readdirSync(staging).sort((a, b) => Number(a === 'main.js') - Number(b === 'main.js'));
    for (const file of files) renameSync(join(staging, file), join(SERVER_DIST, file));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
