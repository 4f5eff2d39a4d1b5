import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql, type RawBuilder } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { migrations } from '../migrations/index';
import type { Database } from './database';
import { pgliteEventBus, postgresEventBus, registerEventBus } from './events';

export type Db = Kysely<Database>;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory' };

export type DatabaseHandle = {
  db: Db;
  kind: DatabaseTarget['kind'];
  close(): Promise<void>;
};

// int8 (counts, sums) arrives as a string by default; every count here fits a JS number.
pg.types.setTypeParser(20, (value: string) => Number.parseInt(value, 10));

export function databaseTarget(databaseUrl: string | undefined, dataDir: string): DatabaseTarget {
  return databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir: join(dataDir, 'pglite') };
}

/** One Kysely over PostgreSQL (pg pool) or the embedded PGlite; the rest of the code cannot tell. */
export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    // An idle pooled connection can be cut by the server (restart, failover, a dropped test
    // database). pg emits that on the pool; unhandled, it would crash the process. The pool
    // replaces the connection on next use, so a warning is enough.
    pool.on('error', (error) => console.warn(`idle database connection closed: ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    // LISTEN needs its own connection, outside the pool (server/events.ts).
    const events = postgresEventBus(target.url, db);
    registerEventBus(db, events);
    const close = async () => {
      await events.close();
      await db.destroy();
    };
    return { db, kind: target.kind, close };
  }
  let pglite: PGlite;
  if (target.kind === 'pglite') {
    mkdirSync(target.dataDir, { recursive: true });
    pglite = new PGlite(target.dataDir);
  } else {
    pglite = new PGlite();
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  registerEventBus(db, pgliteEventBus(pglite, db));
  return { db, kind: target.kind, close: () => db.destroy() };
}

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // Migrations written on parallel branches can land in any order; each is dated and independent.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** A JSON value as a jsonb parameter. Explicit so pg never turns a JS array into a SQL array. */
export function jsonb(value: unknown): RawBuilder<string> {
  return sql<string>`${JSON.stringify(value)}::jsonb`;
}

/** Runs `work` in a transaction, joining the caller's when `db` is one already. */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
