import type { PGlite } from '@electric-sql/pglite';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';

/**
 * Cross-process events over PostgreSQL LISTEN/NOTIFY: every dyno connected to the database hears
 * what one of them publishes (e.g. "location data changed: drop your caches"). PostgreSQL needs a
 * dedicated connection to LISTEN on (a pooled one would be handed back); PGlite is one in-process
 * connection whose `listen` delivers NOTIFYs sent through it, which is all a single process needs.
 * Notifications are best-effort signals, not a queue: a dyno that is down simply starts cold.
 */
export type EventBus = {
  /** Sends `payload` to every subscriber of `channel` on every process, this one included. */
  publish(channel: string, payload?: string): Promise<void>;
  /** Resolves once LISTEN is active, so a publish after it is heard. Returns the unsubscribe. */
  subscribe(channel: string, handler: (payload: string) => void): Promise<() => void>;
  close(): Promise<void>;
};

/** Channel names are SQL identifiers in LISTEN: keep them to a safe alphabet. */
const CHANNEL = /^[a-z][a-z0-9_]{0,62}$/;
function checkedChannel(channel: string): string {
  if (!CHANNEL.test(channel)) throw new Error(`Invalid event channel name: ${channel}`);
  return channel;
}

type Handlers = Map<string, Set<(payload: string) => void>>;

function dispatch(handlers: Handlers, channel: string, payload: string) {
  for (const handler of handlers.get(channel) ?? []) {
    try {
      handler(payload);
    } catch (error) {
      console.error(`event handler for ${channel} failed`, error);
    }
  }
}

const publishVia = (db: Kysely<any>) => async (channel: string, payload = '') => {
  await sql`select pg_notify(${checkedChannel(channel)}, ${payload})`.execute(db);
};

export function pgliteEventBus(pglite: PGlite, db: Kysely<any>): EventBus {
  const handlers: Handlers = new Map();
  const listening = new Map<string, Promise<unknown>>();
  return {
    publish: publishVia(db),
    async subscribe(channel, handler) {
      checkedChannel(channel);
      const set = handlers.get(channel) ?? new Set();
      handlers.set(channel, set.add(handler));
      if (!listening.has(channel)) listening.set(channel, pglite.listen(channel, (payload) => dispatch(handlers, channel, payload)));
      await listening.get(channel);
      return () => void set.delete(handler);
    },
    async close() {
      handlers.clear();
    },
  };
}

/** One dedicated client per process for LISTEN; it reconnects (and re-listens) after a failure. */
export function postgresEventBus(url: string, db: Kysely<any>): EventBus {
  const handlers: Handlers = new Map();
  let client: Promise<pg.Client> | undefined;
  let closed = false;

  const connect = (): Promise<pg.Client> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => dispatch(handlers, message.channel, message.payload ?? ''));
    next.on('error', (error) => {
      if (closed) return;
      console.error('event listener connection failed; reconnecting', error);
      client = undefined;
      next.end().catch(() => undefined);
      if (!closed && handlers.size > 0) setTimeout(() => void ensure().catch(() => undefined), 1000).unref();
    });
    return next.connect().then(async () => {
      for (const channel of handlers.keys()) await next.query(`LISTEN ${checkedChannel(channel)}`);
      return next;
    });
  };
  const ensure = () => (client ??= connect());

  return {
    publish: publishVia(db),
    async subscribe(channel, handler) {
      checkedChannel(channel);
      // Apps subscribe without waiting; one closed meanwhile (a test, a shutdown) must not reconnect.
      if (closed) return () => undefined;
      const isNew = !handlers.has(channel);
      const set = handlers.get(channel) ?? new Set();
      handlers.set(channel, set.add(handler));
      const connection = await ensure();
      if (closed) return () => undefined;
      if (isNew) await connection.query(`LISTEN ${channel}`);
      return () => void set.delete(handler);
    },
    async close() {
      closed = true;
      handlers.clear();
      const current = client;
      client = undefined;
      // A connection still being opened is ended once it is up (or its failure ignored).
      if (current) await current.then((connection) => connection.end(), () => undefined);
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
