import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
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
 *
 * Under `npm test` the templates are shared by every test process of the run: scripts/test.ts
 * names a directory in TEST_TEMPLATE_DIR, the first process to need a template writes it there
 * (the PGlite dump as a file, the PostgreSQL template's database name, the media files), and the
 * later phases (load-sensitive suites, browser tests) load it instead of migrating and seeding
 * again. The runner removes the directory and drops the shared template databases at the end.
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

/** The run's shared template directory (scripts/test.ts), or undefined when this process keeps its own. */
const sharedDir = (): string | undefined => process.env.TEST_TEMPLATE_DIR || undefined;

/** Writes a shared template file whole or not at all: a process reading it never sees half of one. */
function writeShared(path: string, data: string | Uint8Array): void {
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, data);
  renameSync(partial, path);
}

/**
 * Runs `build` in one test process of the run at a time for a shared template file: the phases
 * that start together (PGlite, browser) need the same PGlite template, and building it twice would
 * cost half a minute of CPU twice. The others wait for the file (a lock file names the builder; a
 * builder that died leaves the lock to the next one), then load it.
 */
async function buildShared<T>(file: string, load: () => T | undefined, build: () => Promise<T>): Promise<T> {
  const lock = `${file}.lock`;
  const giveUpAt = Date.now() + 15 * 60_000;
  for (;;) {
    const loaded = existsSync(file) ? load() : undefined;
    if (loaded !== undefined) return loaded;
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lock, 'utf8'));
      if (holder && !processAlive(holder)) rmSync(lock, { force: true });
      else if (Date.now() > giveUpAt) return build();
      else await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    try {
      return await build();
    } finally {
      rmSync(lock, { force: true });
    }
  }
}

async function seedInto(
  db: Parameters<typeof seedDemoContent>[0],
  kind: TemplateKind,
  sharedMediaDir?: string,
): Promise<string | null> {
  if (kind === 'migrated') return null;
  let mediaDir: string;
  if (sharedMediaDir) {
    // Two processes building the same template at once each seed into a directory of their own.
    mediaDir = `${sharedMediaDir}-${process.pid}-${randomBytes(4).toString('hex')}`;
    mkdirSync(mediaDir, { recursive: true });
  } else {
    mediaDir = mkdtempSync(join(tmpdir(), 'harborline-template-media-'));
    leftovers.push(async () => rmSync(mediaDir, { recursive: true, force: true }));
  }
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
      const shared = sharedDir();
      const file = shared && join(shared, `pglite-${kind}.json`);
      const build = async (): Promise<PgliteTemplate> => {
        const handle = openDatabase({ kind: 'pglite-memory' }, { log: quietDatabaseLog });
        await migrateToLatest(handle.db);
        const mediaDir = await seedInto(handle.db, kind, shared && join(shared, `pglite-${kind}-media`));
        const dump = await handle.pglite!.dumpDataDir('none');
        await handle.close();
        if (file) {
          const dumpFile = join(shared, `pglite-${kind}-${process.pid}.tar`);
          writeShared(dumpFile, new Uint8Array(await dump.arrayBuffer()));
          writeShared(file, JSON.stringify({ dumpFile, mediaDir }));
        }
        return { dump, mediaDir };
      };
      if (!file) return build();
      return buildShared(
        file,
        () => {
          const saved = JSON.parse(readFileSync(file, 'utf8')) as { dumpFile: string; mediaDir: string | null };
          return { dump: new Blob([readFileSync(saved.dumpFile)]), mediaDir: saved.mediaDir };
        },
        build,
      );
    })();
    pgliteTemplates.set(kind, template);
  }
  return template;
}

export function postgresTemplate(adminUrl: string, kind: TemplateKind): Promise<PostgresTemplate> {
  let template = postgresTemplates.get(kind);
  if (!template) {
    template = (async () => {
      const shared = sharedDir();
      const file = shared && join(shared, `postgres-${kind}.json`);
      const build = async (): Promise<PostgresTemplate> => {
        await dropAbandoned(adminUrl);
        // A shared template carries the runner's process id, so no test process drops it as abandoned
        // while the run goes on; the runner drops it at the end (or the next run, if it was killed).
        const owner = file && process.env.TEST_RUNNER_PID ? process.env.TEST_RUNNER_PID : String(process.pid);
        const name = `harborline_template_${owner}_${randomBytes(4).toString('hex')}`;
        await createTestDatabaseOn(adminUrl, name);
        if (owner === String(process.pid))
          leftovers.push(() => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
        const handle = openDatabase(
          { kind: 'postgres', url: databaseUrl(adminUrl, name), poolSize: 2 },
          { log: quietDatabaseLog },
        );
        await migrateToLatest(handle.db);
        const mediaDir = await seedInto(handle.db, kind, shared && join(shared, `postgres-${kind}-media`));
        // A template database may have no other connection while it is copied.
        await handle.close();
        if (file) writeShared(file, JSON.stringify({ name, mediaDir, adminUrl }));
        return { name, mediaDir };
      };
      if (!file) return build();
      return buildShared(
        file,
        () => {
          const saved = JSON.parse(readFileSync(file, 'utf8')) as PostgresTemplate & { adminUrl: string };
          return saved.adminUrl === adminUrl ? { name: saved.name, mediaDir: saved.mediaDir } : undefined;
        },
        build,
      );
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
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname ~ '^harborline_(test|template)_[0-9]+_'",
    );
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

/**
 * Gives a suite its own media directory holding the template's files, as hard links: about 50 MB
 * of renditions a suite, copied for every test app, cost seconds of CPU a phase. A link is as good
 * as a copy here because the media storage never writes into an existing file: it writes a new
 * file and renames it into place (server/storage/local-storage.ts), and deleting unlinks only the
 * suite's name. Across file systems (no links possible) the files are copied.
 */
export function copyTemplateMedia(mediaDir: string | null, into: string): void {
  if (!mediaDir) return;
  mkdirSync(into, { recursive: true });
  for (const entry of readdirSync(mediaDir, { withFileTypes: true })) {
    const from = join(mediaDir, entry.name);
    const to = join(into, entry.name);
    if (entry.isDirectory()) copyTemplateMedia(from, to);
    else
      try {
        linkSync(from, to);
      } catch {
        cpSync(from, to);
      }
  }
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

/**
 * Creates a test database (a copy of `template` when given). Its commits do not wait for the
 * write-ahead log to reach the disk (synchronous_commit off, a setting of this database only):
 * a test database is thrown away, never recovered after a crash, and the tests spent about half
 * of their time on PostgreSQL waiting for those flushes.
 */
export async function createTestDatabaseOn(adminUrl: string, name: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    await client.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  } finally {
    await client.end();
  }
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/**
 * Drops the shared template databases of a run (scripts/test.ts, when every phase has ended): those
 * named with the runner's process id.
 */
export async function dropSharedTemplates(adminUrl: string, runnerPid: number): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname ~ $1', [
      `^harborline_template_${runnerPid}_`,
    ]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** Drops the template databases and media copies this process made (the root after-all hook). */
export async function removeTemplates(): Promise<void> {
  for (const remove of leftovers.splice(0)) await remove().catch(() => undefined);
  pgliteTemplates.clear();
  postgresTemplates.clear();
}
