import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  adminQuery,
  createTestDatabaseOn,
  databaseUrl,
  pgliteTemplate,
  postgresTemplate,
  type TemplateKind,
} from './database-templates';
import { installSnapshot, type Query, type Snapshot } from './database-snapshot';
import { atProcessEnd } from './process-end';

/**
 * The databases a test process hands from suite to suite (decision record
 * docs/decisions/2026-11-28-test-database-reuse.md). Copying the seeded template costs one to
 * three seconds of CPU per suite on PGlite (loading a 46 MB data directory into memory) and a
 * CREATE and DROP DATABASE on PostgreSQL; putting back the few tables a suite wrote to costs tens
 * of milliseconds. A suite takes an idle database of its template kind (or a new copy), and gives
 * it back when it closes: what it wrote is undone (database-snapshot.ts) before the next suite
 * gets it. A database that cannot be put back (its schema changed, the reset failed) is thrown
 * away, and the next suite gets a new copy.
 *
 * PGlite: one in-memory instance per pooled database; a suite sees it through a handle whose
 * `close` stops the suite's own use of it (queries after it fail, as on a closed database, and its
 * LISTENs end) without closing the instance. PostgreSQL: one database per pooled copy; a suite
 * opens its own connections, and the ones still open when it gives the database back are ended.
 */
type Pooled = {
  kind: TemplateKind;
  mediaDir: string | null;
  snapshot: Snapshot;
  run: Query;
  destroy(): Promise<void>;
} & ({ engine: 'pglite'; pglite: PGlite } | { engine: 'postgres'; url: string; name: string; admin: pg.Client });

export type Lease = { pooled: Pooled; release(): Promise<void> };

/** Idle databases kept per kind; a suite that needs more at once (two apps) gets more copies. */
const IDLE_KEPT = 2;
const idle = new Map<TemplateKind, Pooled[]>();
const everyPooled = new Set<Pooled>();
atProcessEnd(destroyPooledDatabases);

export async function leaseDatabase(kind: TemplateKind): Promise<Lease> {
  const pooled = idle.get(kind)?.pop() ?? (await createPooled(kind));
  let released = false;
  return {
    pooled,
    async release() {
      if (released) return;
      released = true;
      let reusable = false;
      try {
        if (pooled.engine === 'postgres') await endOtherSessions(pooled.admin, pooled.name);
        else await endSessionState(pooled.pglite);
        reusable = await pooled.snapshot.reset(pooled.run);
      } catch {
        reusable = false;
      }
      const list = idle.get(kind) ?? [];
      if (reusable && list.length < IDLE_KEPT) {
        list.push(pooled);
        idle.set(kind, list);
      } else {
        everyPooled.delete(pooled);
        await pooled.destroy().catch(() => undefined);
      }
    },
  };
}

/**
 * The suite's view of a pooled PGlite: the same instance, except that `close` (which the database
 * handle calls) leaves it open, ends the suite's LISTENs, and makes every later call fail.
 */
export function suiteView(pglite: PGlite): { view: PGlite; close(): Promise<void> } {
  let closed = false;
  const unlisteners: Array<() => Promise<void>> = [];
  const view = new Proxy(pglite, {
    get(target, property) {
      if (property === 'close') return async () => undefined;
      if (property === 'closed') return closed || target.closed;
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function') return value;
      if (property === 'listen')
        return async (...args: Parameters<PGlite['listen']>) => {
          if (closed) throw new Error('PGlite is closed');
          const unlisten = await target.listen(...args);
          unlisteners.push(unlisten);
          return unlisten;
        };
      return (...args: unknown[]) => {
        if (closed) return Promise.reject(new Error('PGlite is closed'));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return {
    view,
    async close() {
      closed = true;
      for (const unlisten of unlisteners.splice(0)) await unlisten().catch(() => undefined);
    },
  };
}

async function createPooled(kind: TemplateKind): Promise<Pooled> {
  let pooled: Pooled;
  if (process.env.TEST_DB !== 'postgres') {
    const template = await pgliteTemplate(kind);
    const pglite = new PGlite({ loadDataDir: template.dump });
    const run: Query = async (text) => (await pglite.query<Record<string, unknown>>(text)).rows;
    pooled = {
      kind,
      engine: 'pglite',
      pglite,
      mediaDir: template.mediaDir,
      run,
      snapshot: await installSnapshot(run),
      destroy: () => pglite.close(),
    };
  } else {
    const adminUrl = postgresAdminUrl();
    const template = await postgresTemplate(adminUrl, kind);
    const name = `harborline_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    await createTestDatabaseOn(adminUrl, name, template.name);
    const url = databaseUrl(adminUrl, name);
    const admin = new pg.Client({ connectionString: url });
    admin.on('error', () => undefined); // a test that ends every session ends this one too: reset fails, the copy goes
    await admin.connect();
    // Statements that wait on a lock a stray session still holds fail rather than hang the run.
    await admin.query("SET lock_timeout = '10s'");
    const run: Query = async (text) => (await admin.query<Record<string, unknown>>(text)).rows;
    pooled = {
      kind,
      engine: 'postgres',
      url,
      name,
      admin,
      mediaDir: template.mediaDir,
      run,
      snapshot: await installSnapshot(run),
      async destroy() {
        await admin.end().catch(() => undefined);
        await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  everyPooled.add(pooled);
  return pooled;
}

export function postgresAdminUrl(): string {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl)
    throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  return adminUrl;
}

/** Sessions a suite left open (its own clients, a pool that was never closed) end with it. */
async function endOtherSessions(admin: pg.Client, name: string): Promise<void> {
  await admin.query(
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [name],
  );
}

/**
 * PGlite has one session, which every suite on the instance shares: what a suite left in it (an
 * open transaction, prepared statements, settings, advisory locks, temporary tables) goes.
 */
async function endSessionState(pglite: PGlite): Promise<void> {
  if (pglite.isInTransaction()) await pglite.query('ROLLBACK');
  await pglite.query('DISCARD ALL');
}

/** Closes and drops every pooled database of this process (at the process's end). */
async function destroyPooledDatabases(): Promise<void> {
  idle.clear();
  for (const pooled of [...everyPooled]) {
    everyPooled.delete(pooled);
    await pooled.destroy().catch(() => undefined);
  }
}
