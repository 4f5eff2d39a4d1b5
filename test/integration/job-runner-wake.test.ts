import { expect } from 'chai';
import { enqueueJob } from '../../server/modules/jobs/repo';
import { startJobRunner } from '../../server/modules/jobs/runner';
import { wakeJobRunner } from '../../server/modules/jobs/wake';
import { createLogger } from '../../server/logger';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { waitFor } from '../helpers/server-process';

/**
 * A job that must not wait for the next poll (the CDN purge after a publish) wakes this process's
 * runner: it runs at once, not a poll interval later.
 */
describe('job runner wake-up', () => {
  let database: TestDatabase;
  before(async () => {
    database = await createTestDatabase();
  });
  after(async () => {
    await database.close();
  });

  it('runs a due job as soon as it is woken, and not before', async () => {
    const ran: string[] = [];
    const runner = startJobRunner({
      db: database.db,
      handlers: new Map([['test.wake', async (_db, payload) => void ran.push(String(payload.name))]]),
      logger: createLogger('silent'),
      intervalMs: 600_000,
    });
    try {
      // The first poll (at start) finds nothing.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await enqueueJob(database.db, { kind: 'test.wake', payload: { name: 'purge' }, runAt: new Date() });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(ran, 'nothing runs without a poll or a wake').to.deep.equal([]);
      wakeJobRunner(database.db);
      await waitFor(async () => ran.length === 1, 5000, 'the woken runner to run the job');
      expect(ran).to.deep.equal(['purge']);
    } finally {
      await runner.stop();
    }
  });
});
