import { expect } from 'chai';
import { enqueueJob } from '../../server/modules/jobs/repo';
import { createTestDatabase, type TestDatabase } from '../helpers/database';

/**
 * A dedupe key names at most one pending job: queueing it again replaces that job, also when
 * several processes queue the same key at the same moment (dynos starting together).
 */
describe('jobs: one pending job per dedupe key', function () {
  let database: TestDatabase;
  before(async function () {
    this.timeout(300_000); // the process's first database may wait for its template to be built
    database = await createTestDatabase({ poolSize: 10 });
  });
  after(async () => {
    await database?.close();
  });

  const pending = (key: string) =>
    database.db
      .selectFrom('jobs')
      .select(['kind', 'payload', 'run_at', 'attempts'])
      .where('dedupe_key', '=', key)
      .where('status', '=', 'pending')
      .execute();

  it('replaces the pending job of a key with the newest payload and time', async () => {
    await enqueueJob(database.db, { kind: 'test.dedupe', payload: { n: 1 }, runAt: new Date(1e12), dedupeKey: 'k1' });
    await enqueueJob(database.db, { kind: 'test.dedupe', payload: { n: 2 }, runAt: new Date(2e12), dedupeKey: 'k1' });
    const rows = await pending('k1');
    expect(rows).to.have.length(1);
    expect(rows[0]!.payload).to.deep.equal({ n: 2 });
    expect(new Date(rows[0]!.run_at).getTime()).to.equal(2e12);
  });

  it('keeps one pending job when 20 queue the same key at once, and none fails', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, n) =>
        enqueueJob(database.db, { kind: 'test.dedupe', payload: { n }, runAt: new Date(), dedupeKey: 'k2' }),
      ),
    );
    expect(
      results.filter((result) => result.status === 'rejected').map((result) => String(result.reason)),
    ).to.deep.equal([]);
    expect(await pending('k2')).to.have.length(1);
  });

  it('adds jobs without a key side by side', async () => {
    await enqueueJob(database.db, { kind: 'test.nokey', payload: {}, runAt: new Date() });
    await enqueueJob(database.db, { kind: 'test.nokey', payload: {}, runAt: new Date() });
    const rows = await database.db.selectFrom('jobs').select('id').where('kind', '=', 'test.nokey').execute();
    expect(rows).to.have.length(2);
  });
});
