import { backoffDelay, RECONNECT_BACKOFF, type Backoff } from './backoff';

/** What the database code logs through: pino's signature, or console in scripts. */
export type DatabaseLog = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export const consoleDatabaseLog: DatabaseLog = {
  info: (_details, message) => console.log(message),
  warn: (details, message) => console.warn(message, details),
  error: (details, message) => console.warn(message, details),
};

/**
 * Watches one database for outages. Any connection-class failure (a pooled client cut off, a
 * connect refused) starts a probe loop that opens a fresh connection with back-off, forever,
 * until one works. Requests are never held back by it: each one still asks the pool, so a
 * single lost connection fails only the requests that were using it. What the watch adds is
 * one log line when the database goes and one when it is back. (Cached state that an outage may
 * have made stale is flushed by the event bus, whose LISTEN connection is lost in the same outage.)
 */
export type DatabaseWatch = {
  failed(error: unknown): void;
  /** A new connection was made (by the pool for a request): the database is there. */
  connected(): void;
  close(): void;
};

export function watchDatabase(options: {
  probe: () => Promise<void>;
  log: DatabaseLog;
  backoff?: Backoff;
}): DatabaseWatch {
  const { probe, log } = options;
  let state: 'up' | 'checking' | 'down' = 'up';
  let downSince = 0;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const restored = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const wasDown = state === 'down';
    state = 'up';
    attempt = 0;
    if (!wasDown) return;
    log.info({ outageMs: Date.now() - downSince }, 'database reachable again');
  };

  const runProbe = async () => {
    timer = undefined;
    if (closed || state === 'up') return;
    try {
      await probe();
      if (!closed) restored();
    } catch (error) {
      if (closed) return;
      if (state === 'checking') {
        state = 'down';
        downSince = Date.now();
        log.error({ err: error }, 'database unreachable: requests that need it answer 503 until it is back');
      }
      timer = setTimeout(() => void runProbe(), backoffDelay(attempt++, options.backoff ?? RECONNECT_BACKOFF));
      timer.unref();
    }
  };

  return {
    failed(error) {
      if (closed || state !== 'up') return;
      state = 'checking';
      log.warn({ err: error }, 'database connection lost; checking the database');
      void runProbe();
    },
    connected() {
      if (!closed && state !== 'up') restored();
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
    },
  };
}
