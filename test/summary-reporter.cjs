// Mocha's spec reporter, plus a JSON summary (passed/failed/skipped) for scripts/test.ts to add up,
// and the slowest top-level suites (hooks included), so the run's time budget has names.
const Mocha = require('mocha');
const fs = require('node:fs');

const { EVENT_RUN_END, EVENT_SUITE_BEGIN, EVENT_SUITE_END } = Mocha.Runner.constants;
const SLOWEST_SHOWN = 10;

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const started = new Map();
    const durations = [];
    runner.on(EVENT_SUITE_BEGIN, (suite) => {
      if (suite.parent?.root) started.set(suite, Date.now());
    });
    runner.on(EVENT_SUITE_END, (suite) => {
      if (started.has(suite))
        durations.push({ title: suite.title, file: suite.file, ms: Date.now() - started.get(suite) });
    });
    runner.once(EVENT_RUN_END, () => {
      const slowest = durations.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST_SHOWN);
      if (slowest.length > 1) {
        console.log('\n  Slowest suites:');
        for (const { title, ms } of slowest) console.log(`    ${(ms / 1000).toFixed(1).padStart(6)} s  ${title}`);
      }
      if (process.env.SUITE_TIMES_FILE) {
        const lines = durations.map(({ file, ms }) => `${ms}\t${process.env.TEST_DB ?? ''}\t${file}\n`);
        fs.appendFileSync(process.env.SUITE_TIMES_FILE, lines.join(''));
      }
      const { passes, failures, pending } = runner.stats;
      if (process.env.SUMMARY_FILE) {
        fs.writeFileSync(
          process.env.SUMMARY_FILE,
          JSON.stringify({ passed: passes, failed: failures, skipped: pending, slowest }),
        );
      }
    });
  }
}

module.exports = SummaryReporter;
