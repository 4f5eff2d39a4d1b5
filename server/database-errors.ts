/**
 * Telling "the database is not there right now" apart from every other failure, so the error
 * middleware answers 503 with a retry hint (the visitor can try again in a moment) rather than a
 * 500 (something is wrong with the request or the code).
 */

/** SQLSTATE classes and codes that mean the server or the connection went away, not the query. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: a restart, or pg_terminate_backend
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '53300', // too_many_connections
  '53000', // insufficient_resources
]);

/** Node socket errors on the way to the database. */
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Messages of pg, pg-pool, Kysely and PGlite that carry no code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
  /^driver has already been destroyed/,
  /^PGlite is closed/,
];

/** Thrown where code finds the database unavailable itself (e.g. the event bus while reconnecting). */
export class DatabaseUnavailableError extends Error {
  constructor(message = 'The database is unavailable.', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/** True when `error` (or one it wraps) says the database or the connection to it is gone. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof DatabaseUnavailableError) return true;
    if (typeof current !== 'object') return false;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_ERRNO.has(code))
    )
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client should wait before retrying while the database is away. */
export const RETRY_AFTER_SECONDS = 5;
