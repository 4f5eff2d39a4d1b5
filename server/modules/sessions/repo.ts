import { sql } from 'kysely';
import { jsonb, type Db } from '../../db';

/** The stored session data, or undefined when there is none or it has expired. */
export async function findLiveSession(db: Db, sid: string): Promise<Record<string, unknown> | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select('sess')
    .where('sid', '=', sid)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.sess;
}

export async function upsertSession(db: Db, sid: string, sess: unknown, expiresAt: Date): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ sid, sess: jsonb(sess), expires_at: expiresAt })
    .onConflict((oc) => oc.column('sid').doUpdateSet({ sess: jsonb(sess), expires_at: expiresAt }))
    .execute();
}

export async function touchSession(db: Db, sid: string, expiresAt: Date): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('sid', '=', sid).execute();
}

export async function deleteSession(db: Db, sid: string): Promise<void> {
  await db.deleteFrom('sessions').where('sid', '=', sid).execute();
}

export async function deleteExpiredSessions(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('expires_at', '<=', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
