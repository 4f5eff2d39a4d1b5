import { sql } from 'kysely';
import type { Db } from '../../db';

export async function insertResetToken(
  db: Db,
  token: { user_id: number; token_hash: string; expires_at: Date },
): Promise<void> {
  await db.insertInto('password_reset_tokens').values(token).execute();
}

/** The unused, unexpired token with this hash for this user, if any. */
export function findUsableResetToken(db: Db, userId: number, tokenHash: string): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('password_reset_tokens')
    .select('id')
    .where('user_id', '=', userId)
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Spends every outstanding token of the user: one reset makes the other links worthless too. */
export async function useAllResetTokens(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

export async function deleteStaleResetTokens(db: Db): Promise<void> {
  await db
    .deleteFrom('password_reset_tokens')
    .where('expires_at', '<', sql<Date>`now() - interval '7 days'`)
    .execute();
}

export async function countRecentResetTokens(db: Db, userId: number, sinceMs: number): Promise<number> {
  const row = await db
    .selectFrom('password_reset_tokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', new Date(Date.now() - sinceMs))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
