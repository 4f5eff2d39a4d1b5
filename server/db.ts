import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql, type RawBuilder } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { migrations } from '../migrations/index';
import type { Database } from './database';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './database-errors';
import { lockEmbeddedDatabase } from './database-lock';
import { withPreparedStatements, withPreparedStatementsLite } from './db-prepared';
import { consoleDatabaseLog, watchDatabase, type DatabaseLog } from './database-watch';
// Every query passes the page cache's plugin: reads are its dependency records, writes invalidate.
import { settlesWithin } from './settles-within';
import { QueryPluginSlot, registerQueryPluginSlot } from './db-plugins';
import { pgliteEventBus, postgresEventBus, registerEventBus } from './events';

export type Db = Kysely<Database>;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  /**
   * In memory; `loadDataDir` starts it from a dump of another instance's data directory, and
   * `instance` uses one already open (tests hand one database from suite to suite).
   */
  | { kind: 'pglite-memory'; loadDataDir?: Blob; instance?: PGlite };

export type DatabaseHandle = {
  db: Db;
  kind: DatabaseTarget['kind'];
  /** PGlite only: the embedded instance (backups dump its data directory). */
  pglite?: PGlite;
  /**
   * Ends every connection (PGlite: closes the instance). With `timeoutMs` it never takes longer:
   * what is still open by then (a query waiting on a lock, a socket the server left) is cut, so a
   * stopping process cannot hang on its database.
   */
  close(options?: CloseOptions): Promise<void>;
};

export type CloseOptions = { timeoutMs?: number };

// int8 (counts, sums) arrives as a string by default; every count here fits a JS number.
pg.types.setTypeParser(20, (value: string) => Number.parseInt(value, 10));

export function databaseTarget(databaseUrl: string | undefined, dataDir: string): DatabaseTarget {
  return databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir: join(dataDir, 'pglite') };
}

/** A request waits this long for a connection before it gets a 503 (the database is away). */
const CONNECT_TIMEOUT_MS = 5000;

/** One Kysely over PostgreSQL (pg pool) or the embedded PGlite; the rest of the code cannot tell. */
export function openDatabase(target: DatabaseTarget, options: { log?: DatabaseLog } = {}): DatabaseHandle {
  const log = options.log ?? consoleDatabaseLog;
  if (target.kind === 'postgres') return openPostgres(target.url, target.poolSize ?? 10, log);
  let pglite: PGlite;
  let unlock = () => undefined as void;
  if (target.kind === 'pglite') {
    mkdirSync(target.dataDir, { recursive: true });
    unlock = lockEmbeddedDatabase(target.dataDir);
    pglite = new PGlite(target.dataDir);
  } else {
    pglite = target.instance ?? new PGlite(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {});
  }
  // PGlite runs inside this process: there is no connection to lose. Its failures (closed,
  // aborted) reach the caller as rejected queries, which the error middleware answers.
  // Plugins that watch every query (the page cache's) are added later, by whoever installs them.
  const plugins = new QueryPluginSlot();
  // The dialect calls only `query` and `close` of its client: marked statements are prepared once
  // (server/db-prepared.ts), as on PostgreSQL.
  const client = withPreparedStatementsLite(pglite) as PGlite;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client), plugins: [plugins] });
  registerQueryPluginSlot(db, plugins);
  registerEventBus(db, pgliteEventBus(pglite, db, log));
  const close = async (options: CloseOptions = {}) => {
    const closed = db.destroy();
    if (options.timeoutMs !== undefined && !(await settlesWithin(closed, options.timeoutMs))) {
      // A query still running inside the instance holds it open. The lock names this process, which
      // is about to end: the next process takes it over, so it is left in place rather than freed
      // while the files may still change.
      log.warn({ timeoutMs: options.timeoutMs }, 'the embedded database did not close in time; leaving it open');
      return;
    }
    await closed;
    unlock();
  };
  return { db, kind: target.kind, pglite, close };
}

function openPostgres(url: string, poolSize: number, log: DatabaseLog): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  const watch = watchDatabase({ probe: () => probePostgres(url), log });
  // Every client gets an error listener for its whole life. pg-pool listens only while a client
  // is idle; a checked-out client whose server goes away (a restart, pg_terminate_backend) would
  // otherwise emit an unhandled 'error' and end the process. Its running query fails on its own
  // (that request answers 503) and the pool drops the client when it is released.
  /** The pool's clients, so a bounded close can cut the ones that never come back. */
  const clients = new Set<pg.Client>();
  pool.on('connect', (client) => {
    clients.add(client);
    client.on('error', (error) => watch.failed(error));
    watch.connected();
  });
  pool.on('remove', (client) => clients.delete(client));
  pool.on('error', (error) => watch.failed(error));
  // Kysely asks this for connections; a failed connect is an outage signal too.
  // Not getting a connection at all (refused, timed out, "not accepting connections", too many
  // clients) means the database is unavailable to this request, whatever the code says.
  const watchedPool = {
    connect: () =>
      pool.connect().then(withPreparedStatements, (error: unknown) => {
        watch.failed(error);
        throw isDatabaseUnavailable(error)
          ? error
          : new DatabaseUnavailableError(`Cannot connect to the database: ${(error as Error).message}`, {
              cause: error,
            });
      }),
    end: () => pool.end(),
  };
  const plugins = new QueryPluginSlot();
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: watchedPool }), plugins: [plugins] });
  registerQueryPluginSlot(db, plugins);
  // LISTEN needs its own connection, outside the pool (server/events.ts).
  const events = postgresEventBus(url, db, { log });
  registerEventBus(db, events);
  const close = async (options: CloseOptions = {}) => {
    watch.close();
    // The pool ends only once every checked-out client is back: a request waiting on a lock
    // would keep it (and the process) open for as long as the lock is held.
    const ended = Promise.all([events.close(), db.destroy()]);
    if (options.timeoutMs === undefined) {
      await ended;
      return;
    }
    if (await settlesWithin(ended, options.timeoutMs / 2)) return;
    log.warn({ connections: clients.size }, 'database connections did not close in time; cutting them');
    // Their queries fail ("Connection terminated"), their requests' handlers release them, and
    // the pool can end; what still does not has the rest of the time, then the process exits.
    for (const client of clients) client.connection.stream.destroy();
    await settlesWithin(ended, options.timeoutMs / 2);
  };
  return { db, kind: 'postgres', close };
}

/** One fresh connection and a trivial query: is the server there and taking connections? */
async function probePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  client.on('error', () => undefined); // the failure reaches connect() or query() below
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // Migrations written on parallel branches can land in any order; each is dated and independent.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
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
