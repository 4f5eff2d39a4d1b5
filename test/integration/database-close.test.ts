import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { sql } from 'kysely';
import pg from 'pg';
import type { DatabaseLog } from '../../server/database-watch';
import { openDatabase, type DatabaseHandle } from '../../server/db';
import { isDatabaseUnavailable } from '../../server/database-errors';
import { eventBusFor } from '../../server/events';
import { adminQuery, createTestDatabaseOn, databaseUrl, postgresTemplate } from '../helpers/database-templates';

/**
 * A stopping process closes its database within the time it is given, whatever the database is
 * doing: a query waiting on a lock held elsewhere, connections the server has ended.
 */
const quietLog: DatabaseLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function closeTakes(handle: DatabaseHandle, timeoutMs: number): Promise<number | 'hung'> {
  const startedAt = Date.now();
  const outcome = await Promise.race([
    handle.close({ timeoutMs }).then(() => Date.now() - startedAt),
    new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), timeoutMs + 4000).unref()),
  ]);
  return outcome;
}

describe('closing the database within a time limit', function () {
  this.timeout(60_000);

  describe('on PostgreSQL', () => {
    const adminUrl = process.env.TEST_DATABASE_URL ?? '';
    let name = '';
    let url = '';
    before(async function () {
      if (process.env.TEST_DB !== 'postgres' || !adminUrl) this.skip();
      const template = await postgresTemplate(adminUrl, 'migrated');
      name = `harborline_test_${process.pid}_close_${randomBytes(3).toString('hex')}`;
      await createTestDatabaseOn(adminUrl, name, template.name);
      url = databaseUrl(adminUrl, name);
    });
    after(async () => {
      if (name) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });

    it('cuts a query waiting on a lock another connection holds, and the lock is still held', async () => {
      const locker = new pg.Client({ connectionString: url });
      await locker.connect();
      const handle = openDatabase({ kind: 'postgres', url, poolSize: 2 }, { log: quietLog });
      try {
        await eventBusFor(handle.db).subscribe(
          'close_test',
          () => undefined,
          () => undefined,
        );
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE jobs IN ACCESS EXCLUSIVE MODE');
        const waiting = handle.db
          .selectFrom('jobs')
          .selectAll()
          .execute()
          .then(
            () => 'answered',
            (error: unknown) => error,
          );
        await new Promise((r) => setTimeout(r, 300));
        const took = await closeTakes(handle, 1000);
        expect(took).not.to.equal('hung');
        expect(took).to.be.lessThan(1500);
        const error = await waiting;
        expect(isDatabaseUnavailable(error), String(error)).to.equal(true);
        const held = await locker.query(
          "SELECT count(*)::int AS n FROM pg_locks WHERE relation = 'jobs'::regclass AND granted",
        );
        expect(held.rows[0].n).to.be.greaterThan(0);
      } finally {
        await locker.query('ROLLBACK').catch(() => undefined);
        await locker.end();
      }
    });

    it('closes after the server ended its connections (the pool and the LISTEN connection)', async () => {
      const handle = openDatabase({ kind: 'postgres', url, poolSize: 2 }, { log: quietLog });
      await eventBusFor(handle.db).subscribe(
        'close_test',
        () => undefined,
        () => undefined,
      );
      await sql`select 1`.execute(handle.db);
      await adminQuery(
        adminUrl,
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`,
      );
      const took = await closeTakes(handle, 1000);
      expect(took).not.to.equal('hung');
      expect(took).to.be.lessThan(1500);
    });
  });

  describe('on the embedded database', () => {
    before(function () {
      if (process.env.TEST_DB === 'postgres') this.skip();
    });

    it('does not wait past its limit for a transaction that never ends', async () => {
      const handle = openDatabase({ kind: 'pglite-memory' }, { log: quietLog });
      await sql`select 1`.execute(handle.db);
      let began = () => undefined as void;
      const inside = new Promise<void>((resolve) => (began = resolve));
      void handle.db
        .transaction()
        .execute(async (trx) => {
          await sql`select 1`.execute(trx);
          began();
          await new Promise(() => undefined);
        })
        .catch(() => undefined);
      await inside;
      const took = await closeTakes(handle, 500);
      expect(took).not.to.equal('hung');
      expect(took).to.be.lessThan(1000);
    });
  });
});
