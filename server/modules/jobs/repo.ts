import { sql } from 'kysely';
import { jsonb, type Db } from '../../db';
import type { Job } from './table';

/** A claimed job's lease: another runner may take it over once the lease runs out (a crashed dyno). */
const LEASE = sql`interval '5 minutes'`;

/**
 * Queues a job. With a dedupe key, the pending job of that key is replaced (re-scheduling a page
 * moves its job instead of adding a second one): in one statement, so two processes queueing the
 * same key at once (two dynos starting) leave one job, where a delete then an insert let the
 * second insert hit the pending-key index.
 */
export async function enqueueJob(
  db: Db,
  job: { kind: string; payload: Record<string, unknown>; runAt: Date; dedupeKey?: string },
): Promise<void> {
  const values = { kind: job.kind, payload: jsonb(job.payload), run_at: job.runAt };
  if (!job.dedupeKey) {
    await db
      .insertInto('jobs')
      .values({ ...values, dedupe_key: null })
      .execute();
    return;
  }
  await db
    .insertInto('jobs')
    .values({ ...values, dedupe_key: job.dedupeKey })
    .onConflict((conflict) =>
      // The partial unique index jobs_pending_dedupe_idx: one pending job per key.
      conflict
        .column('dedupe_key')
        .where('status', '=', 'pending')
        .where('dedupe_key', 'is not', null)
        .doUpdateSet({ ...values, attempts: 0, last_error: null, locked_until: null }),
    )
    .execute();
}

export async function cancelPendingJob(db: Db, dedupeKey: string): Promise<void> {
  await db.deleteFrom('jobs').where('dedupe_key', '=', dedupeKey).where('status', '=', 'pending').execute();
}

/**
 * Claims up to `limit` due jobs for this runner. FOR UPDATE SKIP LOCKED lets runners on every dyno
 * poll at once: each due row goes to exactly one of them, and none waits for another's claim.
 */
export async function claimDueJobs(db: Db, limit: number): Promise<Job[]> {
  const result = await sql<Job>`
    UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + ${LEASE}
    WHERE id IN (
      SELECT id FROM jobs
      WHERE (status = 'pending' AND run_at <= now()) OR (status = 'running' AND locked_until < now())
      ORDER BY run_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING *`.execute(db);
  return result.rows;
}

export async function finishJob(db: Db, id: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'done', finished_at: new Date(), locked_until: null })
    .where('id', '=', id)
    .execute();
}

/** A failed job is retried a minute later, up to `maxAttempts`, then left as failed for a human. */
export async function failJob(
  db: Db,
  job: Pick<Job, 'id' | 'attempts'>,
  error: string,
  maxAttempts: number,
): Promise<void> {
  const giveUp = job.attempts >= maxAttempts;
  await db
    .updateTable('jobs')
    .set({
      status: giveUp ? 'failed' : 'pending',
      last_error: error.slice(0, 2000),
      locked_until: null,
      run_at: giveUp ? sql`run_at` : sql`now() + interval '1 minute'`,
      finished_at: giveUp ? new Date() : null,
    })
    .where('id', '=', job.id)
    .execute();
}

export function listPendingJobs(db: Db, dedupeKey: string): Promise<Job[]> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('dedupe_key', '=', dedupeKey)
    .where('status', '=', 'pending')
    .execute();
}
