import { sql } from 'kysely';
import type { Db } from '../../db';

/** Serialises slot changes of one user (across every server process) until the transaction ends. */
export async function lockUserSlots(trx: Db, userId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('upload_slots'), ${userId}::integer)`.execute(trx);
}

/** Removes the user's slots whose lease has lapsed (their process died mid-upload). */
export async function deleteLapsedSlots(trx: Db, userId: number): Promise<void> {
  await trx
    .deleteFrom('upload_slots')
    .where('user_id', '=', userId)
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
}

export async function countSlots(trx: Db, userId: number): Promise<number> {
  const row = await trx
    .selectFrom('upload_slots')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertSlot(trx: Db, userId: number, leaseSeconds: number): Promise<number> {
  const row = await trx
    .insertInto('upload_slots')
    .values({ user_id: userId, expires_at: sql<Date>`now() + make_interval(secs => ${leaseSeconds})` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteSlot(db: Db, id: number): Promise<void> {
  await db.deleteFrom('upload_slots').where('id', '=', id).execute();
}
