import { sql } from 'kysely';
import type { Db } from '../../db';
import type { LoginAttemptScope } from './table';

export async function recordFailedLogin(db: Db, attempts: Array<{ scope: LoginAttemptScope; key: string }>): Promise<void> {
  await db.insertInto('login_attempts').values(attempts).execute();
}

/** Failures for each scope+key within the window, in one query. */
export async function countRecentFailures(
  db: Db,
  keys: { username: string; ip: string },
  windowSeconds: number,
): Promise<{ username: number; ip: number }> {
  const rows = await db
    .selectFrom('login_attempts')
    .select(['scope', (eb) => eb.fn.countAll<number>().as('n')])
    .where('attempted_at', '>', sql<Date>`now() - make_interval(secs => ${windowSeconds})`)
    .where((eb) =>
      eb.or([
        eb.and([eb('scope', '=', 'username'), eb('key', '=', keys.username)]),
        eb.and([eb('scope', '=', 'ip'), eb('key', '=', keys.ip)]),
      ]),
    )
    .groupBy('scope')
    .execute();
  const count = (scope: LoginAttemptScope) => Number(rows.find((r) => r.scope === scope)?.n ?? 0);
  return { username: count('username'), ip: count('ip') };
}

/** A successful login clears its account's failures (not its address's: others may share it). */
export async function clearUsernameFailures(db: Db, username: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('scope', '=', 'username').where('key', '=', username).execute();
}

export async function deleteOldLoginAttempts(db: Db, olderThanSeconds: number): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('attempted_at', '<', sql<Date>`now() - make_interval(secs => ${olderThanSeconds})`)
    .execute();
}
