import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildClient, ROOT } from './build-assets';

/**
 * `npm test`: builds the browser assets, makes sure Chromium is there, then runs mocha in
 * phases (unit + integration on PGlite, integration again on PostgreSQL when
 * TEST_DATABASE_URL is set, browser tests) and ends with one line "N passed, N failed, N skipped".
 * Extra arguments go to every mocha run (e.g. `npm test -- --grep picker`).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error(`Browser tests need Chromium at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH).`);
    process.exit(1);
  }
  console.log('Installing Chromium from Debian (apt-get install chromium)...');
  const run = (args: string[]) => spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (run(['update', '-qq']).status !== 0 || run(['install', '-y', '-qq', 'chromium']).status !== 0 || !existsSync(CHROMIUM)) {
    console.error('Could not install Chromium with apt-get; browser tests cannot run.');
    process.exit(1);
  }
}

type Phase = { name: string; files: string[]; env: Record<string, string> };

const phases: Phase[] = [
  { name: 'unit and integration (PGlite)', files: ['test/unit/**/*.test.{ts,tsx}', 'test/integration/**/*.test.ts'], env: { TEST_DB: 'pglite' } },
];
if (process.env.TEST_DATABASE_URL) {
  phases.push({ name: 'integration (PostgreSQL)', files: ['test/integration/**/*.test.ts'], env: { TEST_DB: 'postgres' } });
} else {
  console.log('TEST_DATABASE_URL is not set: integration tests run on PGlite only.');
}
phases.push({ name: 'browser (Chromium)', files: ['test/e2e/**/*.test.ts'], env: { TEST_DB: 'pglite' } });

const only = process.env.TEST_PHASES?.split(',');
const selected = only ? phases.filter((p) => only.some((o) => p.name.toLowerCase().includes(o.toLowerCase()))) : phases;

if (selected.some((p) => p.name.startsWith('browser'))) ensureChromium();
await buildClient(true);

const totals = { passed: 0, failed: 0, skipped: 0 };
let crashed = false;
const summaryDir = mkdtempSync(join(tmpdir(), 'harborline-test-summary-'));
for (const [index, phase] of selected.entries()) {
  console.log(`\n=== ${phase.name} ===`);
  const summaryFile = join(summaryDir, `${index}.json`);
  const result = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/mocha/bin/mocha.js'),
      '--import=tsx',
      '--require=test/setup.ts',
      '--reporter=test/summary-reporter.cjs',
      '--timeout=30000',
      '--exit',
      ...phase.files,
      ...process.argv.slice(2),
    ],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test', SUMMARY_FILE: summaryFile, ...phase.env } },
  );
  if (existsSync(summaryFile)) {
    const summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as typeof totals;
    totals.passed += summary.passed;
    totals.failed += summary.failed;
    totals.skipped += summary.skipped;
  } else {
    console.error(`The ${phase.name} run ended without a summary (exit ${result.status}).`);
    crashed = true;
  }
  if (result.status !== 0 && !existsSync(summaryFile)) totals.failed += 1;
}
rmSync(summaryDir, { recursive: true, force: true });
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || crashed || totals.passed === 0 ? 1 : 0);
