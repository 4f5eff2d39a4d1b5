import { sql, type Expression, type RawBuilder } from 'kysely';
import type { Db } from '../../db';

/**
 * How a counter turns attempts into waiting:
 * - 'block': `limit` attempts per fixed window, then none until the window ends;
 * - 'delay': `limit` attempts freely, then each further one waits a delay that doubles from
 *   `firstDelaySeconds` up to `maxDelaySeconds`; the count starts again `windowSeconds` after
 *   the last attempt.
 */
export type RateLimitRule =
  | { kind: 'block'; limit: number; windowSeconds: number }
  | { kind: 'delay'; limit: number; windowSeconds: number; firstDelaySeconds: number; maxDelaySeconds: number };

export type Reservation = { counted: true; hits: number } | { counted: false; retryAfterSeconds: number };

const seconds = (value: number | Expression<number>) => sql<Date>`make_interval(secs => ${value})`;

/**
 * Checks and counts one attempt in a single statement: the row is created, or updated only
 * when its not_before has passed, under the row lock PostgreSQL takes for ON CONFLICT; an attempt
 * that finds the counter waiting changes nothing and gets no row back. Parallel attempts
 * therefore queue on the row and each sees the count the previous one left.
 */
export async function reserveAttempt(db: Db, scope: string, key: string, rule: RateLimitRule): Promise<Reservation> {
  // Whether the stored count has lapsed, and the count this attempt makes.
  const lapsed =
    rule.kind === 'block'
      ? sql<boolean>`rate_limits.window_started_at <= now() - ${seconds(rule.windowSeconds)}`
      : sql<boolean>`rate_limits.not_before <= now() - ${seconds(rule.windowSeconds)}`;
  const newHits = sql<number>`(case when ${lapsed} then 1 else rate_limits.hits + 1 end)`;
  const newWindowStart = sql<Date>`(case when ${lapsed} then now() else rate_limits.window_started_at end)`;
  const row = await db
    .insertInto('rate_limits')
    .values({
      scope,
      key,
      hits: 1,
      window_started_at: sql`now()`,
      not_before: notBefore(rule, sql<number>`1`, sql<Date>`now()`),
    })
    .onConflict((oc) =>
      oc
        .columns(['scope', 'key'])
        .doUpdateSet({
          hits: newHits,
          window_started_at: newWindowStart,
          not_before: notBefore(rule, newHits, newWindowStart),
        })
        .where('rate_limits.not_before', '<=', sql<Date>`now()`),
    )
    .returning('hits')
    .executeTakeFirst();
  if (row) return { counted: true, hits: row.hits };
  const waiting = await db
    .selectFrom('rate_limits')
    .select(sql<number>`ceil(extract(epoch from (not_before - now())))`.as('wait'))
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst();
  return { counted: false, retryAfterSeconds: Math.max(1, Number(waiting?.wait ?? 1)) };
}

/** When the next attempt may be counted, after this one made the count `hits`. */
function notBefore(rule: RateLimitRule, hits: RawBuilder<number>, windowStart: RawBuilder<Date>): RawBuilder<Date> {
  if (rule.kind === 'block') {
    return sql<Date>`(case when ${hits} >= ${rule.limit} then ${windowStart} + ${seconds(rule.windowSeconds)} else now() end)`;
  }
  const delay = sql<number>`least(${rule.firstDelaySeconds} * power(2, ${hits} - ${rule.limit}), ${rule.maxDelaySeconds})`;
  return sql<Date>`(case when ${hits} >= ${rule.limit} then now() + ${seconds(delay)} else now() end)`;
}

/** Gives back one counted attempt (it succeeded), lifting a block it may have started. */
export async function releaseAttempt(db: Db, scope: string, key: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ hits: sql<number>`greatest(hits - 1, 0)`, not_before: sql<Date>`least(not_before, now())` })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .execute();
}

/** Forgets a counter (an account's, after its owner signed in). */
export async function resetCounter(db: Db, scope: string, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('scope', '=', scope).where('key', '=', key).execute();
}

/** Drops counters nobody is waiting on that have not moved for `olderThanSeconds`. */
export async function deleteIdleCounters(db: Db, olderThanSeconds: number): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where('not_before', '<', sql<Date>`now() - ${seconds(olderThanSeconds)}`)
    .where('window_started_at', '<', sql<Date>`now() - ${seconds(olderThanSeconds)}`)
    .execute();
}
