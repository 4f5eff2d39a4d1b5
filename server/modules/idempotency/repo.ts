import { jsonb, type Db } from '../../db';
import type { IdempotencyKeyRow } from './table';

export type NewClaim = {
  client: string;
  key: string;
  fingerprint: string;
  holder: string;
  now: Date;
  expiresAt: Date;
  /** An in-progress claim taken at or before this instant was abandoned (its holder died). */
  abandonedBefore: Date;
};

/**
 * Claims a client's key in one statement: a new row, or the old one taken over when it expired or
 * its holder abandoned it. Returns the claim's id, or undefined when a live row already holds the
 * key (the caller then reads it to tell a replay, a conflict and a reuse apart).
 */
export async function claim(db: Db, claim: NewClaim): Promise<number | undefined> {
  const row = await db
    .insertInto('idempotency_keys')
    .values({
      client: claim.client,
      key: claim.key,
      fingerprint: claim.fingerprint,
      state: 'in_progress',
      holder: claim.holder,
      claimed_at: claim.now,
      response_status: null,
      response_body: null,
      expires_at: claim.expiresAt,
    })
    .onConflict((oc) =>
      oc
        .columns(['client', 'key'])
        .doUpdateSet({
          fingerprint: claim.fingerprint,
          state: 'in_progress',
          holder: claim.holder,
          claimed_at: claim.now,
          response_status: null,
          response_body: null,
          expires_at: claim.expiresAt,
        })
        .where((eb) =>
          eb.or([
            eb('idempotency_keys.expires_at', '<=', claim.now),
            eb.and([
              eb('idempotency_keys.state', '=', 'in_progress'),
              eb('idempotency_keys.claimed_at', '<=', claim.abandonedBefore),
              // Only a retry of the same request may take over; another payload is a reuse.
              eb('idempotency_keys.fingerprint', '=', claim.fingerprint),
            ]),
          ]),
        ),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export function find(db: Db, client: string, key: string): Promise<IdempotencyKeyRow | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('client', '=', client)
    .where('key', '=', key)
    .executeTakeFirst();
}

/**
 * Stores the answer, in the operation's own transaction (so the booking and its stored answer
 * commit together). Returns false when the claim was taken over meanwhile.
 */
export async function complete(db: Db, id: number, holder: string, status: number, body: unknown): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', response_status: status, response_body: jsonb(body) })
    .where('id', '=', id)
    .where('holder', '=', holder)
    .where('state', '=', 'in_progress')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Frees a claim whose operation was refused or failed, so the client may correct and retry. */
export async function release(db: Db, id: number, holder: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('id', '=', id)
    .where('holder', '=', holder)
    .where('state', '=', 'in_progress')
    .execute();
}

export async function deleteExpired(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
