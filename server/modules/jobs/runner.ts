import type { Db } from '../../db';
import { isDatabaseUnavailable } from '../../database-errors';
import type { Logger } from '../../logger';
import { claimDueJobs, failJob, finishJob } from './repo';
import type { Job } from './table';
import { onJobsWake } from './wake';

export type JobHandler = (db: Db, payload: Record<string, unknown>) => Promise<void>;
export type JobHandlers = ReadonlyMap<string, JobHandler>;

const MAX_ATTEMPTS = 5;
const BATCH = 10;

/** Claims the due jobs and runs them; returns how many ran. One failing job never stops the others. */
export async function runDueJobs(db: Db, handlers: JobHandlers, logger: Logger): Promise<number> {
  const jobs = await claimDueJobs(db, BATCH);
  for (const job of jobs) await runOne(db, handlers, logger, job);
  return jobs.length;
}

async function runOne(db: Db, handlers: JobHandlers, logger: Logger, job: Job): Promise<void> {
  const handler = handlers.get(job.kind);
  try {
    if (!handler) throw new Error(`No handler for job kind '${job.kind}'`);
    await handler(db, job.payload);
    await finishJob(db, job.id);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.error({ jobId: job.id, kind: job.kind, attempts: job.attempts, err: error }, 'job failed');
    await failJob(db, job, message, MAX_ATTEMPTS);
  }
}

/**
 * Polls for due jobs every `intervalMs` on this process. Every dyno runs one; SKIP LOCKED keeps
 * them from doing the same job twice. The timer is unref'd so it never keeps the process alive.
 */
export function startJobRunner(options: { db: Db; handlers: JobHandlers; logger: Logger; intervalMs?: number }): {
  stop(): Promise<void>;
} {
  const { db, handlers, logger } = options;
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = runDueJobs(db, handlers, logger)
      .catch((error: unknown) =>
        // The database being away is logged once by its watch; the next poll tries again.
        isDatabaseUnavailable(error)
          ? logger.warn({ reason: (error as Error).message }, 'job runner poll skipped: database unavailable')
          : logger.error({ err: error }, 'job runner poll failed'),
      )
      .finally(() => {
        running = null;
        tickAgainIfWoken();
      });
  };
  const timer = setInterval(tick, options.intervalMs ?? 15_000);
  timer.unref();
  // A nudge while a batch runs is not lost: the batch's end ticks once more.
  let wokenWhileRunning = false;
  const stopWaking = onJobsWake(db, () => {
    if (running) wokenWhileRunning = true;
    else tick();
  });
  const tickAgainIfWoken = () => {
    if (!wokenWhileRunning) return;
    wokenWhileRunning = false;
    tick();
  };
  tick();
  return {
    async stop() {
      stopped = true;
      stopWaking();
      clearInterval(timer);
      await running;
    },
  };
}
