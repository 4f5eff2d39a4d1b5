import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseLog } from '../../server/database-watch';
import { openDatabase, type DatabaseHandle } from '../../server/db';
import {
  adminQuery,
  createTestDatabaseOn,
  databaseUrl,
  pgliteTemplate,
  postgresTemplate,
  type TemplateKind,
} from './database-templates';
import { leaseDatabase, postgresAdminUrl, suiteView } from './database-pool';

/** Outages are what fault tests cause on purpose: the database code's log lines stay out of the output. */
const quietDatabaseLog: DatabaseLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export type TestDatabase = DatabaseHandle & {
  /** Seeded copies: the demo's media files, to copy into the suite's media directory. */
  templateMedia: string | null;
};

/**
 * A migrated (with `template: 'seeded'`, also seeded) database for one test suite, as this process's
 * template made it (test/helpers/database-templates.ts). By default it is a database of the
 * process's pool (test/helpers/database-pool.ts): what the suite wrote is undone when it closes,
 * and the next suite gets it. `own: true` gives a copy of its own instead, dropped on close, for a
 * suite that needs what the pool does not keep: a schema it changes is fine either way, but a
 * database it dumps (pg_dump sees the pool's bookkeeping schema) or whose file it copies is not.
 * TEST_DB=postgres (with TEST_DATABASE_URL) uses that server, otherwise an in-memory PGlite.
 */
export async function createTestDatabase(
  options: { poolSize?: number; template?: TemplateKind; own?: boolean } = {},
): Promise<TestDatabase> {
  const kind = options.template ?? 'migrated';
  if (options.own) return ownCopy(kind, options.poolSize);
  const lease = await leaseDatabase(kind);
  const { pooled } = lease;
  if (pooled.engine === 'pglite') {
    const suite = suiteView(pooled.pglite);
    const handle = openDatabase({ kind: 'pglite-memory', instance: suite.view }, { log: quietDatabaseLog });
    await sql`SELECT 1`.execute(handle.db);
    return {
      ...handle,
      templateMedia: pooled.mediaDir,
      async close() {
        await handle.close();
        await suite.close();
        await lease.release();
      },
    };
  }
  const handle = openDatabase(
    { kind: 'postgres', url: pooled.url, poolSize: options.poolSize ?? 5 },
    { log: quietDatabaseLog },
  );
  return {
    ...handle,
    templateMedia: pooled.mediaDir,
    async close() {
      await handle.close();
      await lease.release();
    },
  };
}

/** A copy of the template for this suite alone, dropped (or let go, on PGlite) when it closes. */
async function ownCopy(kind: TemplateKind, poolSize?: number): Promise<TestDatabase> {
  if (process.env.TEST_DB !== 'postgres') {
    const template = await pgliteTemplate(kind);
    const handle = openDatabase({ kind: 'pglite-memory', loadDataDir: template.dump }, { log: quietDatabaseLog });
    // Used once, as a migrated one was: Kysely opens its driver on the first query, and a suite
    // that destroys the database at once must meet a closed one.
    await sql`SELECT 1`.execute(handle.db);
    return { ...handle, templateMedia: template.mediaDir };
  }
  const adminUrl = postgresAdminUrl();
  const template = await postgresTemplate(adminUrl, kind);
  const name = `harborline_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await createTestDatabaseOn(adminUrl, name, template.name);
  const handle = openDatabase(
    { kind: 'postgres', url: databaseUrl(adminUrl, name), poolSize: poolSize ?? 5 },
    { log: quietDatabaseLog },
  );
  return {
    ...handle,
    templateMedia: template.mediaDir,
    async close() {
      await handle.close();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
