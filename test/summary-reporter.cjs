// Mocha's spec reporter, plus a JSON summary (passed/failed/skipped) for scripts/test.ts to add up.
const Mocha = require('mocha');
const fs = require('node:fs');

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const { passes, failures, pending } = runner.stats;
      if (process.env.SUMMARY_FILE) {
        fs.writeFileSync(process.env.SUMMARY_FILE, JSON.stringify({ passed: passes, failed: failures, skipped: pending }));
      }
    });
  }
}

module.exports = SummaryReporter;
