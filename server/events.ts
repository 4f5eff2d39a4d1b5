import type { PGlite } from '@electric-sql/pglite';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { backoffDelay, RECONNECT_BACKOFF, type Backoff } from './backoff';
import { consoleDatabaseLog, type DatabaseLog } from './database-watch';
import { settlesWithin } from './settles-within';

/**
 * Cross-process events over PostgreSQL LISTEN/NOTIFY: every dyno connected to the database hears
 * what one of them publishes (e.g. "location data changed: drop your caches"). PostgreSQL needs a
 * dedicated connection to LISTEN on (a pooled one would be handed back); PGlite is one in-process
 * connection whose `listen` delivers NOTIFYs sent through it, which is all a single process needs.
 *
 * Notifications are signals, not a queue: whatever is sent while a listener is disconnected is
 * lost. So every subscriber says what to do when it may have missed some (`onMissed`), and the
 * bus calls that after each reconnection; for a cache, both mean "flush".
 */
export type EventBus = {
  /** Sends `payload` to every subscriber of `channel` on every process, this one included. */
  publish(channel: string, payload?: string): Promise<void>;
  /**
   * Resolves once LISTEN is active, so a publish after it is heard (while the database is away it
   * waits for the reconnection). Returns the unsubscribe.
   */
  subscribe(channel: string, onMessage: (payload: string) => void, onMissed: () => void): Promise<() => void>;
  close(): Promise<void>;
};

const HEARTBEAT_EVERY_MS = 30_000;
const HEARTBEAT_TIMEOUT_MS = 10_000;
/** How long close() waits for the listener's connection to end before it destroys the socket. */
const CLOSE_WAIT_MS = 1000;

/** Channel names are SQL identifiers in LISTEN: keep them to a safe alphabet. */
const CHANNEL = /^[a-z][a-z0-9_]{0,62}$/;
function checkedChannel(channel: string): string {
  if (!CHANNEL.test(channel)) throw new Error(`Invalid event channel name: ${channel}`);
  return channel;
}

type Subscriber = { onMessage: (payload: string) => void; onMissed: () => void };
type Subscribers = Map<string, Set<Subscriber>>;

function safely(log: DatabaseLog, channel: string, run: () => void) {
  try {
    run();
  } catch (error) {
    log.error({ err: error, channel }, 'event handler failed');
  }
}

function addSubscriber(subscribers: Subscribers, channel: string, subscriber: Subscriber): () => void {
  const set = subscribers.get(channel) ?? new Set();
  subscribers.set(channel, set.add(subscriber));
  return () => void set.delete(subscriber);
}

const publishVia =
  (db: Kysely<any>) =>
  async (channel: string, payload = '') => {
    await sql`select pg_notify(${checkedChannel(channel)}, ${payload})`.execute(db);
  };

export function pgliteEventBus(pglite: PGlite, db: Kysely<any>, log: DatabaseLog = consoleDatabaseLog): EventBus {
  const subscribers: Subscribers = new Map();
  const listening = new Map<string, Promise<unknown>>();
  return {
    publish: publishVia(db),
    async subscribe(channel, onMessage, onMissed) {
      checkedChannel(channel);
      const unsubscribe = addSubscriber(subscribers, channel, { onMessage, onMissed });
      if (!listening.has(channel)) {
        const deliver = (payload: string) => {
          for (const subscriber of subscribers.get(channel) ?? [])
            safely(log, channel, () => subscriber.onMessage(payload));
        };
        // Forgotten on failure, so the next subscriber tries again.
        listening.set(
          channel,
          pglite.listen(channel, deliver).catch((error: unknown) => (listening.delete(channel), Promise.reject(error))),
        );
      }
      await listening.get(channel);
      return unsubscribe;
    },
    async close() {
      subscribers.clear();
    },
  };
}

/**
 * One dedicated client per process for LISTEN. When it fails (a restart, a terminated backend,
 * a network cut) it is replaced with back-off, forever, until `close()`; once the new one
 * listens again every subscriber's `onMissed` runs.
 */
export function postgresEventBus(
  url: string,
  db: Kysely<any>,
  options: { log?: DatabaseLog; backoff?: Backoff } = {},
): EventBus {
  const log = options.log ?? consoleDatabaseLog;
  const subscribers: Subscribers = new Map();
  let client: pg.Client | undefined;
  /** Channels LISTENed on the current client. */
  let listened = new Set<string>();
  let connecting = false;
  let everConnected = false;
  let lostAt = 0;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  const waiters = new Set<() => void>();

  const wake = () => {
    for (const waiter of [...waiters]) waiter();
  };

  // A connection cut without a reset (a failover, a dropped route) looks idle forever; a
  // heartbeat that gets no answer in time replaces it.
  const heartbeat = setInterval(() => {
    const current = client;
    if (!current) return;
    const timeout = setTimeout(
      () => lose(current, new Error('event listener heartbeat timed out')),
      HEARTBEAT_TIMEOUT_MS,
    );
    current.query('select 1').then(
      () => clearTimeout(timeout),
      () => clearTimeout(timeout),
    );
  }, HEARTBEAT_EVERY_MS);
  heartbeat.unref();

  const lose = (lost: pg.Client, error: Error | undefined) => {
    if (lost !== client) return;
    client = undefined;
    listened = new Set();
    lost.end().catch(() => undefined);
    if (closed) return;
    lostAt = Date.now();
    log.warn({ err: error }, 'event listener connection lost; reconnecting');
    schedule(0);
  };

  const schedule = (delay: number) => {
    if (closed || retry || connecting) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    retry.unref();
  };

  const connect = async () => {
    if (closed || client || connecting) return;
    connecting = true;
    const next = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 5000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // Every client has its error handled: an unhandled 'error' would end the process.
    next.on('error', (error) => lose(next, error));
    next.on('end', () => lose(next, undefined));
    next.on('notification', (message) => {
      for (const subscriber of subscribers.get(message.channel) ?? [])
        safely(log, message.channel, () => subscriber.onMessage(message.payload ?? ''));
    });
    try {
      await next.connect();
      const channels = new Set<string>();
      for (const channel of subscribers.keys()) {
        await next.query(`LISTEN ${checkedChannel(channel)}`);
        channels.add(channel);
      }
      if (closed) {
        await next.end().catch(() => undefined);
        return;
      }
      client = next;
      listened = channels;
      attempt = 0;
      if (everConnected) {
        log.info(
          { outageMs: Date.now() - lostAt },
          'event listener reconnected; subscribers flush what they may have missed',
        );
        for (const [channel, set] of subscribers)
          for (const subscriber of set) safely(log, channel, subscriber.onMissed);
      }
      everConnected = true;
    } catch (error) {
      await next.end().catch(() => undefined);
      if (!closed && attempt === 0) log.warn({ err: error }, 'event listener cannot connect; retrying with back-off');
      connecting = false;
      schedule(backoffDelay(attempt++, options.backoff ?? RECONNECT_BACKOFF));
      wake();
      return;
    }
    connecting = false;
    wake();
  };

  /** Resolves once `channel` is LISTENed on a live connection (or the bus closed). */
  const listening = async (channel: string) => {
    while (!closed) {
      if (client && listened.has(channel)) return;
      if (client && !listened.has(channel)) {
        const current = client;
        listened.add(channel);
        try {
          await current.query(`LISTEN ${channel}`);
          if (current === client) return;
        } catch {
          // The connection failed under us: lose() runs and the reconnection listens again.
        }
        continue;
      }
      schedule(0);
      await new Promise<void>((resolve) => {
        const done = () => {
          waiters.delete(done);
          resolve();
        };
        waiters.add(done);
      });
    }
  };

  return {
    publish: publishVia(db),
    async subscribe(channel, onMessage, onMissed) {
      checkedChannel(channel);
      // Apps subscribe without waiting; one closed meanwhile (a test, a shutdown) must not reconnect.
      if (closed) return () => undefined;
      const unsubscribe = addSubscriber(subscribers, channel, { onMessage, onMissed });
      await listening(channel);
      return unsubscribe;
    },
    async close() {
      closed = true;
      subscribers.clear();
      clearInterval(heartbeat);
      if (retry) clearTimeout(retry);
      retry = undefined;
      wake();
      const current = client;
      client = undefined;
      // A connection the server left (CLOSE-WAIT) may never answer the goodbye: cut it.
      if (current && !(await settlesWithin(current.end(), CLOSE_WAIT_MS))) current.connection.stream.destroy();
    },
  };
}

const buses = new WeakMap<object, EventBus>();

/** Called by openDatabase: the bus travels with the Kysely instance the app already receives. */
export function registerEventBus(db: Kysely<any>, bus: EventBus): void {
  buses.set(db, bus);
}

export function eventBusFor(db: Kysely<any>): EventBus {
  const bus = buses.get(db);
  if (!bus) throw new Error('This database handle has no event bus (open it with openDatabase)');
  return bus;
}
