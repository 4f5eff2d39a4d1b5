import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db';
import { badRequest, HttpError } from '../../errors';
import type { JobHandler } from '../jobs/runner';
import { enqueueJob } from '../jobs/repo';
import * as repo from './repo';

/**
 * Idempotency keys as draft-ietf-httpapi-idempotency-key-header defines them. A key is scoped to
 * its client and bound to a fingerprint of the request (method, path, canonical body):
 * - first use: the operation runs, and its answer is stored with the key in the operation's own
 *   transaction (the booking and its answer commit together);
 * - the same request again: the stored answer, marked as a replay;
 * - the same key with another request: 422; while the first is still running: 409;
 * - a refused or failed operation stores nothing, so the client may correct it and retry;
 * - a stored answer is kept 24 hours, then purged by a job.
 * Callers validate and rate-limit before they get here: the lookup is never the first thing.
 */

export const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** An in-progress claim older than this was abandoned by a process that died; a retry takes it over. */
export const CLAIM_LEASE_MS = 60 * 1000;

/** Letters, digits, '-' and '_', 8 to 64 of them (a UUID fits), bare or as a structured-field string. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const KEY_RULE =
  'Idempotency-Key must be 8 to 64 letters, digits, - or _ (a UUID fits), optionally in double quotes';

export type IdempotentRequest = { client: string; key: string; fingerprint: string };
export type Outcome<T> = { status: number; body: T };
/** Stores the answer inside the operation's transaction; the operation calls it once, just before committing. */
export type Recorder = (trx: Db, outcome: Outcome<unknown>) => Promise<void>;

/** The key as sent: `"abc…"` (an sf-string, as the draft writes it) or bare; anything else is a 400. */
export function parseIdempotencyKey(value: string, label = 'Idempotency-Key'): string {
  const quoted = /^"(.*)"$/.exec(value.trim());
  const key = quoted ? quoted[1]! : value.trim();
  if (!KEY_PATTERN.test(key)) throw badRequest(`${label} is not valid.`, { [label]: [KEY_RULE] });
  return key;
}

/**
 * The client a key belongs to, from an opaque identity (the signed session id): hashed, so the
 * table never holds a value that could be replayed as a session cookie.
 */
export function clientOf(identity: string): string {
  return `session:${createHash('sha256').update(identity).digest('hex')}`;
}

/** JSON with object keys sorted at every depth: the same body always gives the same text. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  return value;
}

/**
 * The request's fingerprint: its method, its path (as routed: case and a trailing slash do not
 * matter) and its validated body, canonical (so "4" posted by a form and 4 in JSON are one value
 * once parsed, and key order never matters).
 */
export function fingerprintOf(method: string, path: string, body: unknown): string {
  const route = path.toLowerCase().replace(/\/+$/, '') || '/';
  return createHash('sha256')
    .update(JSON.stringify([method.toUpperCase(), route, canonical(body)]))
    .digest('hex');
}

const reused = () =>
  new HttpError(
    422,
    'idempotency_key_reused',
    'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
  );
const inProgress = () =>
  new HttpError(
    409,
    'idempotency_key_in_progress',
    'A request with this Idempotency-Key is still being processed. Retry it in a moment.',
  );

/**
 * Runs `operation` at most once per client and key. Without a request (no key sent) it just runs.
 * `replayed` says the answer is the stored one of an earlier request.
 */
export async function runOnce<T>(
  db: Db,
  request: IdempotentRequest | null,
  operation: (record: Recorder) => Promise<Outcome<T>>,
  now = new Date(),
): Promise<Outcome<T> & { replayed: boolean }> {
  if (!request) return { ...(await operation(async () => undefined)), replayed: false };
  const holder = randomBytes(12).toString('base64url');
  // A row released between our claim and our read is claimed again; twice is plenty.
  for (let attempt = 0; attempt < 3; attempt++) {
    const id = await repo.claim(db, {
      ...request,
      holder,
      now,
      expiresAt: new Date(now.getTime() + KEY_LIFETIME_MS),
      abandonedBefore: new Date(now.getTime() - CLAIM_LEASE_MS),
    });
    if (id !== undefined) return { ...(await runClaimed(db, id, holder, operation)), replayed: false };
    const row = await repo.find(db, request.client, request.key);
    if (!row) continue;
    if (row.fingerprint !== request.fingerprint) throw reused();
    if (row.state === 'in_progress' || row.response_status === null) throw inProgress();
    return { status: row.response_status, body: row.response_body as T, replayed: true };
  }
  throw inProgress();
}

async function runClaimed<T>(
  db: Db,
  id: number,
  holder: string,
  operation: (record: Recorder) => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  let recorded = false;
  try {
    const outcome = await operation(async (trx, answer) => {
      // The claim was taken over (this process stalled past the lease): roll the operation back.
      if (!(await repo.complete(trx, id, holder, answer.status, answer.body))) throw inProgress();
      recorded = true;
    });
    if (!recorded) await repo.complete(db, id, holder, outcome.status, outcome.body);
    return outcome;
  } catch (error) {
    // Nothing was done (or it was rolled back): the key is free for a corrected request.
    await repo.release(db, id, holder);
    throw error;
  }
}

export const JOB_PURGE_KEYS = 'idempotency.purge';
const PURGE_EVERY_MS = 60 * 60 * 1000;

/** Deletes the keys whose 24 hours are over; returns how many went. */
export function purgeExpiredKeys(db: Db, now = new Date()): Promise<number> {
  return repo.deleteExpired(db, now);
}

/** Keeps one pending purge job (every dyno calls this at start; the dedupe key keeps one). */
export async function scheduleKeyPurge(db: Db, runAt = new Date(Date.now() + 60_000)): Promise<void> {
  await enqueueJob(db, { kind: JOB_PURGE_KEYS, payload: {}, runAt, dedupeKey: JOB_PURGE_KEYS });
}

/** The purge runs every hour on whichever dyno claims it, and schedules its next run. */
export function idempotencyJobHandlers(): Map<string, JobHandler> {
  return new Map<string, JobHandler>([
    [
      JOB_PURGE_KEYS,
      async (db) => {
        await purgeExpiredKeys(db);
        await scheduleKeyPurge(db, new Date(Date.now() + PURGE_EVERY_MS));
      },
    ],
  ]);
}
