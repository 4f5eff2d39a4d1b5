import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { buildClient, ROOT } from './build-assets';
import { ensureServerBundle } from './server-bundle';
import { phases, repositoryPaths, testFilesUnder, TEST_FILE } from './test-phases';

/**
 * `npm test`: type-checks, lints and checks the format (a failure stops the run), builds the browser assets, makes
 * sure Chromium is there, then runs mocha in phases (unit + integration on PGlite, integration on
 * PostgreSQL when TEST_DATABASE_URL is set, and the browser tests in two processes, all at the same
 * time; then the load-sensitive suites), prints the run's ten slowest suites and the time of each
 * phase, and ends with one line "N passed, N failed, N skipped".
 *
 * `npm test -- test/unit/x.test.ts [more files or folders under test/]` runs just those files, in
 * the phases they belong to, without the type check and lint; the browser assets are rebuilt only
 * when a browser test (test/e2e/) is named or no build exists yet.
 * Other arguments go to every mocha run (e.g. `npm test -- --grep picker`); TEST_PHASES=pglite,browser
 * picks phases by name.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `Browser tests need Chromium at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH).`,
    );
    process.exit(1);
  }
  console.log('Installing Chromium from Debian (apt-get install chromium)...');
  const run = (args: string[]) =>
    spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (
    run(['update', '-qq']).status !== 0 ||
    run(['install', '-y', '-qq', 'chromium']).status !== 0 ||
    !existsSync(CHROMIUM)
  ) {
    console.error('Could not install Chromium with apt-get; browser tests cannot run.');
    process.exit(1);
  }
}

/** Arguments naming test files or folders (repository-relative, '/' separators); the rest go to mocha. */
function splitArguments(args: string[]): { files: string[]; mochaArgs: string[] } {
  const files: string[] = [];
  const mochaArgs: string[] = [];
  for (const arg of args) {
    const path = resolve(arg);
    if (arg.startsWith('-') || !path.startsWith(join(ROOT, 'test')) || !existsSync(path)) {
      mochaArgs.push(arg);
      continue;
    }
    const found = statSync(path).isDirectory() ? testFilesUnder(path) : [path];
    for (const file of found) {
      const name = relative(ROOT, file).split('\\').join('/');
      if (
        !TEST_FILE.test(name) ||
        !phases.some((phase) => phase.folders.some((folder) => name.startsWith(`${folder}/`)))
      ) {
        console.error(`${arg}: not a test file under test/unit, test/integration or test/e2e`);
        process.exit(1);
      }
      files.push(name);
    }
  }
  return { files, mochaArgs };
}

/**
 * Runs a check (type check, lint) in the background; resolves with its output and whether it
 * passed. The checks and the asset build run at the same time (each of the first two keeps one
 * core busy), their output shown one after the other.
 */
function check(name: string, args: string[]): Promise<{ name: string; output: string; passed: boolean }> {
  return new Promise((resolveCheck) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolveCheck({ name, output, passed: code === 0 }));
  });
}

const runStarted = Date.now();
const { files, mochaArgs } = splitArguments(process.argv.slice(2));
const only = process.env.TEST_PHASES?.split(',');
const selected = phases
  .filter((phase) => !only || only.some((o) => phase.name.toLowerCase().includes(o.toLowerCase())))
  .map((phase) => ({
    ...phase,
    files: files.length
      ? files.filter(
          (file) =>
            phase.folders.some((folder) => file.startsWith(`${folder}/`)) &&
            (!phase.shard || !phase.includes || phase.includes(file)),
        )
      : phase.includes
        ? phase.folders.flatMap((folder) => repositoryPaths(testFilesUnder(join(ROOT, folder))).filter(phase.includes!))
        : phase.folders.map((folder) => `${folder}/**/*.test.{ts,tsx}`),
  }))
  .filter((phase) => phase.files.length > 0);

const browser = selected.some((phase) => phase.name.startsWith('browser'));
if (browser) ensureChromium();
const built = existsSync(join(ROOT, 'dist/manifest.json')) && existsSync(join(ROOT, 'dist/client-metafile.json'));
// Integration tests render pages with the asset manifest, and the bundle tests read the build.
const build = !files.length || browser || !built ? buildClient(true) : undefined;
// A failed build is reported where it is awaited, after the checks.
build?.catch(() => undefined);

if (!files.length) {
  const checks = await Promise.all([
    check('typecheck', [join(ROOT, 'node_modules/typescript/bin/tsc'), '--noEmit']),
    check('lint', [join(ROOT, 'node_modules/eslint/bin/eslint.js'), '.']),
    check('format', [join(ROOT, 'node_modules/prettier/bin/prettier.cjs'), '--check', '--log-level=warn', '.']),
  ]);
  for (const { name, output, passed } of checks) {
    console.log(`\n=== ${name} ===`);
    process.stdout.write(output);
    if (passed) console.log(`${name}: ok`);
  }
  const failedChecks = checks.filter(({ passed }) => !passed).length;
  if (failedChecks > 0) {
    await build?.catch(() => undefined);
    console.error(
      '\nThe type check, lint or format check failed (npm run format fixes the format): tests were not run.',
    );
    console.log(`\n0 passed, ${failedChecks} failed, 0 skipped`);
    process.exit(1);
  }
}

await build;
// The suites that start a real server process run dist/server/main.js: built here, once, rather
// than by two test processes at the same time.
if (selected.some((phase) => phase.files.some((file) => file.startsWith('test/integration')))) ensureServerBundle();
const checksSeconds = (Date.now() - runStarted) / 1000;

const totals = { passed: 0, failed: 0, skipped: 0 };
let crashed = false;
const summaryDir = mkdtempSync(join(tmpdir(), 'harborline-test-summary-'));
// The migrated and seeded template databases, made by the first test process that needs one and
// loaded by the later phases (test/helpers/database-templates.ts).
const templateDir = mkdtempSync(join(tmpdir(), 'harborline-test-templates-'));

type Selected = (typeof selected)[number];
type Run = { phase: Selected; summaryFile: string; status: Promise<number | null>; logFile?: string };
let runs = 0;

/** Starts one phase's mocha; its output goes to the terminal, or to `logFile` to be shown when it ends. */
function startPhase(phase: Selected, options: { logFile?: string; extraArgs?: string[] } = {}): Run {
  const summaryFile = join(summaryDir, `${runs++}.json`);
  const out = options.logFile ? openSync(options.logFile, 'w') : 'inherit';
  const child = spawn(
    process.execPath,
    [
      join(ROOT, 'node_modules/mocha/bin/mocha.js'),
      '--import=tsx',
      '--require=test/react-build.ts',
      '--require=test/setup.ts',
      '--reporter=test/summary-reporter.cjs',
      // How long before a test counts as hung: a browser test drives several screens, each checked
      // by axe, and with three phases sharing two cores a CPU-bound test (10,000 rows parsed, a
      // property checked on 84,000 points) takes several times what it takes alone.
      '--timeout=60000',
      '--exit',
      ...phase.files,
      ...(options.extraArgs ?? []),
      ...mochaArgs,
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', out, out],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        SUMMARY_FILE: summaryFile,
        TEST_TEMPLATE_DIR: templateDir,
        TEST_RUNNER_PID: String(process.pid),
        ...phase.env,
      },
    },
  );
  const status = new Promise<number | null>((resolvePhase) => child.on('exit', (code) => resolvePhase(code)));
  return { phase, summaryFile, status, logFile: options.logFile };
}

/** The slowest top-level suites of every mocha run (its reporter's ten), to show the run's ten slowest. */
const slowSuites: Array<{ title: string; ms: number; phase: string }> = [];

function addUp(run: Run, status: number | null): void {
  if (existsSync(run.summaryFile)) {
    const summary = JSON.parse(readFileSync(run.summaryFile, 'utf8')) as typeof totals & {
      slowest?: Array<{ title: string; ms: number }>;
    };
    totals.passed += summary.passed;
    totals.failed += summary.failed;
    totals.skipped += summary.skipped;
    for (const suite of summary.slowest ?? []) slowSuites.push({ ...suite, phase: run.phase.name });
  } else {
    console.error(`The ${run.phase.name} run ended without a summary (exit ${status}).`);
    crashed = true;
    if (status !== 0) totals.failed += 1;
  }
}

async function runAlone(phase: Selected): Promise<void> {
  console.log(`\n=== ${phase.name} ===`);
  const run = startPhase(phase);
  addUp(run, await run.status);
}

/**
 * Suites that saturate connection pools, count rate-limit clocks (a login delay of one second),
 * time real server processes (a shutdown within its deadline, a publish seen by another process
 * within a second), or time the editor's keypress-to-paint latency: beside another phase they
 * measure the machine's load, so they run after the phases that run side by side, one phase at a
 * time. (Backup and restore, and the server process's start, stop and logs, only wait longer on a
 * loaded machine: they run side by side.)
 */
const LOAD_SENSITIVE = [
  ...[
    'admin-auth',
    'rate-limits',
    'waitlist-concurrency',
    'database-faults',
    'page-cache-dynos',
    'shutdown-deadline',
    'edge-stack',
  ].map((name) => `test/integration/${name}.test.ts`),
  'test/e2e/admin-block-editor-latency.test.ts',
];

/**
 * The phases run side by side (PGlite, PostgreSQL and two browser processes: each keeps a core
 * busy part of the time, the PostgreSQL server and Chromium the rest); then the load-sensitive
 * suites: the two database phases' side by side, the browser's alone.
 * TEST_SEQUENTIAL=1 runs one phase at a time; naming files runs their phases one at a time too.
 */
const together = process.env.TEST_SEQUENTIAL !== '1' && !files.length;
const phaseTimes: Array<{ name: string; seconds: number }> = [
  { name: files.length ? 'asset build' : 'type check, lint, format check and asset build', seconds: checksSeconds },
];

async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } finally {
    phaseTimes.push({ name, seconds: (Date.now() - started) / 1000 });
  }
}

/**
 * Runs lanes at the same time, each lane's phases one after the other; the first phase's output is
 * shown as it goes and the others' when all have ended.
 */
async function runSideBySide(lanes: Selected[][], extraArgs: string[]): Promise<void> {
  const names = lanes.map((lane) => lane.map((phase) => phase.name).join(', then '));
  console.log(`\n=== ${names.join(' + ')}, at the same time (output of the others follows when all end) ===`);
  console.log(`\n=== ${lanes[0]![0]!.name} ===`);
  await timed(`${names.join(' + ')}, side by side`, async () => {
    const runLane = async (lane: Selected[], laneIndex: number) => {
      const ended: Array<{ run: Run; status: number | null }> = [];
      for (const [index, phase] of lane.entries()) {
        const startedAt = Date.now();
        const live = laneIndex === 0 && index === 0;
        const run = startPhase(phase, { logFile: live ? undefined : join(summaryDir, `${phase.name}.log`), extraArgs });
        const status = await run.status;
        phaseTimes.push({ name: `  ${phase.name}`, seconds: (Date.now() - startedAt) / 1000 });
        ended.push({ run, status });
      }
      return ended;
    };
    const ended = (await Promise.all(lanes.map(runLane))).flat();
    for (const { run, status } of ended) {
      if (run.logFile) {
        console.log(`\n=== ${run.phase.name} ===`);
        process.stdout.write(readFileSync(run.logFile, 'utf8'));
      }
      addUp(run, status);
    }
  });
}

/**
 * The load-sensitive suites of the two database phases run in two lanes, one process per core as
 * beside each other they were measured. PGlite's take a third of PostgreSQL's time, so these
 * PostgreSQL suites follow them in the first lane and both lanes end together.
 */
const AFTER_THE_EMBEDDED = ['shutdown-deadline'].map((name) => `test/integration/${name}.test.ts`);

function loadSensitiveLanes(database: Selected[]): Selected[][] {
  const embedded = database.find((phase) => phase.env.TEST_DB === 'pglite');
  const server = database.find((phase) => phase.env.TEST_DB === 'postgres');
  if (database.length !== 2 || !embedded || !server) return database.map((phase) => [phase]);
  const follow = server.files.filter((file) => AFTER_THE_EMBEDDED.includes(file));
  const rest = server.files.filter((file) => !follow.includes(file));
  if (!follow.length || !rest.length) return database.map((phase) => [phase]);
  return [
    [embedded, { ...server, name: `${server.name} after PGlite's`, files: follow }],
    [{ ...server, files: rest }],
  ];
}

if (together && selected.length > 1) {
  const alone = LOAD_SENSITIVE.filter((file) => existsSync(join(ROOT, file)));
  const ignore = alone.flatMap((file) => ['--ignore', file]);
  const aloneIn = (phase: Selected) =>
    alone.filter(
      (file) =>
        phase.folders.some((folder) => file.startsWith(`${folder}/`)) && (!phase.includes || phase.includes(file)),
    );
  await runSideBySide(
    selected.map((phase) => [{ ...phase, files: phase.files.filter((file) => !alone.includes(file)) }]),
    ignore,
  );
  // Then the load-sensitive suites: the database ones in two lanes (one process per core), the
  // browser's (it times keypress to paint) alone.
  const sensitive = selected
    .filter((each) => aloneIn(each).length > 0)
    .map((phase) => ({ ...phase, name: `${phase.name}, load-sensitive suites`, files: aloneIn(phase) }));
  const database = sensitive.filter((phase) => !phase.folders.includes('test/e2e'));
  if (database.length > 1) await runSideBySide(loadSensitiveLanes(database), []);
  else for (const phase of database) await timed(phase.name, () => runAlone(phase));
  for (const phase of sensitive.filter((each) => !database.includes(each)))
    await timed(phase.name, () => runAlone(phase));
} else {
  for (const phase of selected) await timed(phase.name, () => runAlone(phase));
}
rmSync(summaryDir, { recursive: true, force: true });
rmSync(templateDir, { recursive: true, force: true });
if (process.env.TEST_DATABASE_URL && selected.some((phase) => phase.env.TEST_DB === 'postgres')) {
  const { dropSharedTemplates } = await import('../test/helpers/database-templates');
  await dropSharedTemplates(process.env.TEST_DATABASE_URL, process.pid).catch((error: unknown) =>
    console.error(`Could not drop the shared template databases: ${String(error)}`),
  );
}
console.log('\nSlowest suites of the run:');
for (const { title, ms, phase } of slowSuites.sort((a, b) => b.ms - a.ms).slice(0, 10))
  console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${title} (${phase})`);
console.log('\nTime per phase:');
for (const { name, seconds } of phaseTimes) console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${name}`);
console.log(`  ${((Date.now() - runStarted) / 1000).toFixed(0).padStart(5)} s  in all`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || crashed || totals.passed === 0 ? 1 : 0);
