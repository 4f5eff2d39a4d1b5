import { sql } from 'kysely';
import type { Db } from '../../db';

/**
 * Ends a user's stored sessions (passport keeps the user id at sess.passport.user), except the
 * one given: after a password change the user stays signed in where they changed it.
 */
export async function deleteUserSessions(db: Db, userId: number, exceptSid?: string): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where(sql<string>`sess -> 'passport' ->> 'user'`, '=', String(userId))
    .$if(exceptSid !== undefined, (qb) => qb.where('sid', '!=', exceptSid!))
    .execute();
}
