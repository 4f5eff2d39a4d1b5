import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './build-assets';

/*
 * The phases of `npm test` (scripts/test.ts): which test files each mocha process runs, on which
 * engine and with which React build.
 */

export const TEST_FILE = /\.test\.tsx?$/;

export type Phase = {
  name: string;
  folders: string[];
  env: Record<string, string>;
  /** Which of the folders' files a full run gives this phase (all when absent). */
  includes?: (file: string) => boolean;
  /** The phase is one shard of its folders: named files go only to the shard that includes them. */
  shard?: boolean;
};

/**
 * With a PostgreSQL server the integration suites run on it (the production engine), and on PGlite
 * only those that test what differs between the engines: the rest is the same Kysely code on the
 * same migrations, and the browser phase drives every screen on PGlite anyway
 * (docs/decisions/2026-11-29-one-engine-per-integration-suite.md). TEST_BOTH_ENGINES=1 runs every
 * integration suite on both.
 */
const ON_BOTH_ENGINES = [
  'backup-restore', // the embedded data directory is backed up and restored differently
  'database-faults', // a closed embedded database answers 503
  'db-prepared-pglite',
  'locations-import', // the command-line import opens its own embedded database
  'locations-nearby-query', // the haversine query and its plan
  'process', // the real server process on its embedded database
  'shutdown-deadline', // ... and its shutdown
  'database-close',
  'waitlist-concurrency', // PGlite's one connection serialises what PostgreSQL runs in parallel
  'idempotency',
].map((name) => `test/integration/${name}.test.ts`);

/**
 * With a PostgreSQL server, these run on PGlite instead: long suites whose subject is not the
 * engine (following every link on both sites and from /fr/, walking every admin screen for
 * developer words, reordering the tree through HTTP, the permission matrix's 300 requests,
 * validating and fuzzing the public pages, cutting map tiles from a PMTiles archive), moved off the
 * PostgreSQL process, the suite's longest, to the PGlite one, which has time to spare, so the two
 * finish together.
 */
const ON_PGLITE_INSTEAD = [
  'base-map-pmtiles',
  'crawl',
  'french-crawl',
  'admin-human-language',
  'admin-explorer-ordering',
  'admin-permissions',
  'admin-moderation',
  'a11y-report',
  'html-validity',
  'fuzz',
].map((name) => `test/integration/${name}.test.ts`);

/**
 * React's development build, whose warnings fail a test, renders in the phase with the unit tests,
 * the link crawl (every public page) and the walk of every admin screen shape; the other phases
 * render with the production build, as production does, in about two thirds of the time
 * (test/react-build.ts).
 */
const ON_DEVELOPMENT_REACT = ['crawl', 'admin-human-language'].map((name) => `test/integration/${name}.test.ts`);
const PRODUCTION_REACT = { TEST_REACT_BUILD: 'production' };

const bothEngines = !process.env.TEST_DATABASE_URL || process.env.TEST_BOTH_ENGINES === '1';
/**
 * Every integration suite on PGlite: two processes, each taking every other suite by name (PGlite
 * runs in the test process's own thread, so one process keeps one core busy and no more).
 */
const integrationSuites = () =>
  readdirSync(join(ROOT, 'test/integration'))
    .filter((name) => TEST_FILE.test(name))
    .sort()
    .map((name) => `test/integration/${name}`);
const pgliteHalf = (half: 0 | 1) => (file: string) => {
  if (file.startsWith('test/unit/') || ON_DEVELOPMENT_REACT.includes(file)) return half === 0;
  const others = integrationSuites().filter((suite) => !ON_DEVELOPMENT_REACT.includes(suite));
  return others.indexOf(file) % 2 === half;
};
export const phases: Phase[] = bothEngines
  ? ([0, 1] as const).map((half) => ({
      name: `unit and integration (PGlite), part ${half + 1} of 2`,
      folders: ['test/unit', 'test/integration'],
      env: { TEST_DB: 'pglite', ...(half === 1 ? PRODUCTION_REACT : {}) },
      includes: pgliteHalf(half),
      shard: true,
    }))
  : [
      {
        name: 'unit and engine-specific integration (PGlite)',
        folders: ['test/unit', 'test/integration'],
        env: { TEST_DB: 'pglite' },
        includes: (file) =>
          file.startsWith('test/unit/') ||
          ON_BOTH_ENGINES.includes(file) ||
          (Boolean(process.env.TEST_DATABASE_URL) && ON_PGLITE_INSTEAD.includes(file)),
      },
    ];
if (process.env.TEST_DATABASE_URL) {
  phases.push({
    name: 'integration (PostgreSQL)',
    folders: ['test/integration'],
    env: { TEST_DB: 'postgres', ...PRODUCTION_REACT },
    includes: (file) => bothEngines || !ON_PGLITE_INSTEAD.includes(file),
  });
} else {
  console.log('TEST_DATABASE_URL is not set: integration tests run on PGlite only.');
}
// Two browser processes, each with its own Chromium: a browser test spends much of its time
// waiting on the page, so two keep the cores busier than one. The first takes the public site's
// suites and the second the back office's, but for a few back-office suites that even the two out
// (so they end together), and the media library suite, which is about the back office's choosers
// as much as the press pages.
const BROWSER_PART_ONE_FROM_THE_BACK_OFFICE = [
  'admin-block-editor',
  'admin-redirects',
  'admin-responsive',
  'admin-workflow-group-choosers',
  'admin-words-and-time',
].map((name) => `test/e2e/${name}.test.ts`);
const inBrowserPartTwo = (file: string) =>
  (file.startsWith('test/e2e/admin') && !BROWSER_PART_ONE_FROM_THE_BACK_OFFICE.includes(file)) ||
  file === 'test/e2e/media-press.test.ts';
phases.push(
  {
    name: 'browser (Chromium), part 1 of 2: public site',
    folders: ['test/e2e'],
    env: { TEST_DB: 'pglite', ...PRODUCTION_REACT },
    includes: (file) => !inBrowserPartTwo(file),
    shard: true,
  },
  {
    name: 'browser (Chromium), part 2 of 2: back office',
    folders: ['test/e2e'],
    env: { TEST_DB: 'pglite', ...PRODUCTION_REACT },
    includes: inBrowserPartTwo,
    shard: true,
  },
);

export const testFilesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? testFilesUnder(path) : TEST_FILE.test(entry.name) ? [path] : [];
  });

export const repositoryPaths = (paths: string[]) =>
  paths.map((path) => relative(ROOT, path).split('\\').join('/')).sort();
