import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { DatabaseLog } from '../../server/database-watch';
import { migrateToLatest, openDatabase } from '../../server/db';
import { createLogger } from '../../server/logger';
import { seedDemoContent } from '../../server/seed/seed';
import { openMediaStorage } from '../../server/storage/open-media-storage';

/**
 * Migrating and seeding the demo takes seconds per suite, and most suites need exactly that
 * state. Each test process makes it once per kind and copies it: PGlite loads a dump of the
 * template's data directory, PostgreSQL creates the database from a template database
 * (`CREATE DATABASE ... TEMPLATE`), and the seeded media files are copied beside it. What a suite
 * changes stays in its own copy.
 */
export type TemplateKind = 'migrated' | 'seeded';

/** The seed's fixed inputs (test/helpers/app.ts signs in with these). */
export const TEST_ADMIN = { username: 'admin', password: 'test-admin-password' };

const quietDatabaseLog: DatabaseLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

type PgliteTemplate = { dump: Blob; mediaDir: string | null };
type PostgresTemplate = { name: string; mediaDir: string | null };

const pgliteTemplates = new Map<TemplateKind, Promise<PgliteTemplate>>();
const postgresTemplates = new Map<TemplateKind, Promise<PostgresTemplate>>();
const leftovers: Array<() => Promise<void>> = [];

async function seedInto(db: Parameters<typeof seedDemoContent>[0], kind: TemplateKind): Promise<string | null> {
  if (kind === 'migrated') return null;
  const mediaDir = mkdtempSync(join(tmpdir(), 'harborline-template-media-'));
  leftovers.push(async () => rmSync(mediaDir, { recursive: true, force: true }));
  await seedDemoContent(db, createLogger('silent'), {
    adminUsername: TEST_ADMIN.username,
    adminPassword: TEST_ADMIN.password,
    port: 3000,
    media: openMediaStorage({ driver: 'local', root: mediaDir }),
  });
  return mediaDir;
}

export function pgliteTemplate(kind: TemplateKind): Promise<PgliteTemplate> {
  let template = pgliteTemplates.get(kind);
  if (!template) {
    template = (async () => {
      const handle = openDatabase({ kind: 'pglite-memory' }, { log: quietDatabaseLog });
      await migrateToLatest(handle.db);
      const mediaDir = await seedInto(handle.db, kind);
      const dump = await handle.pglite!.dumpDataDir('none');
      await handle.close();
      return { dump, mediaDir };
    })();
    pgliteTemplates.set(kind, template);
  }
  return template;
}

export function postgresTemplate(adminUrl: string, kind: TemplateKind): Promise<PostgresTemplate> {
  let template = postgresTemplates.get(kind);
  if (!template) {
    template = (async () => {
      await dropAbandoned(adminUrl);
      const name = `harborline_template_${process.pid}_${randomBytes(4).toString('hex')}`;
      await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
      leftovers.push(() => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      const handle = openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, name), poolSize: 2 }, { log: quietDatabaseLog });
      await migrateToLatest(handle.db);
      const mediaDir = await seedInto(handle.db, kind);
      // A template database may have no other connection while it is copied.
      await handle.close();
      return { name, mediaDir };
    })();
    postgresTemplates.set(kind, template);
  }
  return template;
}

/** Test databases of test processes that are gone (killed before their after-all hooks ran). */
async function dropAbandoned(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname ~ '^harborline_(test|template)_[0-9]+_'");
    for (const { datname } of rows) {
      const pid = Number(/_(\d+)_/.exec(datname)![1]);
      if (!processAlive(pid)) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Copies a template's media files into a suite's own media directory. */
export function copyTemplateMedia(mediaDir: string | null, into: string): void {
  if (mediaDir) cpSync(mediaDir, into, { recursive: true });
}

export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/** Drops the template databases and media copies this process made (the root after-all hook). */
export async function removeTemplates(): Promise<void> {
  for (const remove of leftovers.splice(0)) await remove().catch(() => undefined);
  pgliteTemplates.clear();
  postgresTemplates.clear();
}
