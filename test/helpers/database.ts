import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseLog } from '../../server/database-watch';
import { openDatabase, type DatabaseHandle } from '../../server/db';
import { adminQuery, databaseUrl, pgliteTemplate, postgresTemplate, type TemplateKind } from './database-templates';

/** Outages are what fault tests cause on purpose: the database code's log lines stay out of the output. */
const quietDatabaseLog: DatabaseLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export type TestDatabase = DatabaseHandle & {
  /** Seeded copies: the demo's media files, to copy into the suite's media directory. */
  templateMedia: string | null;
};

/**
 * A freshly migrated (with `template: 'seeded'`, also seeded) database for one test suite, copied
 * from this process's template (test/helpers/database-templates.ts). TEST_DB=postgres (with
 * TEST_DATABASE_URL) creates a throw-away database on that server and drops it on close;
 * otherwise an in-memory PGlite loads the template's data directory.
 */
export async function createTestDatabase(
  options: { poolSize?: number; template?: TemplateKind } = {},
): Promise<TestDatabase> {
  const kind = options.template ?? 'migrated';
  if (process.env.TEST_DB !== 'postgres') {
    const template = await pgliteTemplate(kind);
    const handle = openDatabase({ kind: 'pglite-memory', loadDataDir: template.dump }, { log: quietDatabaseLog });
    // Used once, as a migrated one was: Kysely opens its driver on the first query, and a suite
    // that destroys the database at once must meet a closed one.
    await sql`SELECT 1`.execute(handle.db);
    return { ...handle, templateMedia: template.mediaDir };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl)
    throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  const template = await postgresTemplate(adminUrl, kind);
  const name = `harborline_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template.name}`);
  const handle = openDatabase(
    { kind: 'postgres', url: databaseUrl(adminUrl, name), poolSize: options.poolSize ?? 5 },
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
