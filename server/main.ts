import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { createApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { createLogger, type Logger } from './logger';
import { prepareDatabase } from './boot';
import { loadAssetManifest } from './ssr/assets';
import { startJobRunner } from './modules/jobs/runner';
import { pageJobHandlers } from './modules/pages/schedule-service';
import { idempotencyJobHandlers, scheduleKeyPurge } from './modules/idempotency/service';
import { formJobHandlers } from './modules/forms/service';
import { signupJobHandlers } from './modules/forms/signup-service';
import { mailEachJob, workflowJobHandlers } from './modules/moderation/notifications';
import { COMMENT_MAIL_JOB } from './modules/comments/service';
import { createMailer } from './modules/mail/mailer';
import { createSmsSender, schedulePurge, waitlistJobHandlers } from './modules/waitlist/notifications';
import { gracefulDrain } from './shutdown';
import { settlesWithin } from './settles-within';
import { CDN_PURGE_JOB, cdnPurgeHandler } from './cache/cdn-purge';
import { openMapArchive, type MapArchive } from './modules/maps/map-archive';

/** How long the jobs in progress may take to stop before the database closes under them (their lease lets another process retry). */
const JOBS_STOP_MS = 1_000;
/** The primary kills workers still alive this long after the grace period (a worker exits by itself by HARD_EXIT_AFTER_GRACE_MS). */
const KILL_WORKERS_AFTER_GRACE_MS = 4_500;

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** MAP_PMTILES opened and checked; a bad archive ends the process with one line, like a bad variable. */
async function mapArchiveOrExit(config: Config): Promise<MapArchive | undefined> {
  if (!config.mapPmtiles) return undefined;
  try {
    return await openMapArchive(config.mapPmtiles);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Ends the process when it cannot take its port: one line that says why, and exit code 1. */
function listenFailed(logger: Logger, port: number, error: NodeJS.ErrnoException): never {
  const known: Record<string, string> = {
    EADDRINUSE: `port ${port} is already in use: stop the other server or set PORT to a free port`,
    EACCES: `port ${port} needs privileges this process does not have: set PORT to 1024 or above`,
  };
  const reason = error.code ? known[error.code] : undefined;
  // A known cause needs no stack trace; anything else keeps the error whole.
  logger.fatal(reason ? { port, code: error.code } : { port, err: error }, `cannot listen: ${reason ?? error.message}`);
  process.exit(1);
}

async function startWorker(config: Config, logger: Logger): Promise<void> {
  const assets = loadAssetManifest();
  const mapArchive = await mapArchiveOrExit(config);
  const database = await prepareDatabase(config, logger);
  const app = createApp({ config, db: database.db, logger, assets, mapArchive });
  // Scheduled publishing and expiry, the forms', workflows' and comments' mails, wait-list messages (e-mail, SMS) and the
  // 30-day purge of guest details: every worker polls; SKIP LOCKED hands each job to one of them.
  const mailer = createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir });
  const handlers = new Map([
    ...pageJobHandlers,
    ...formJobHandlers(mailer, config.sessionSecret),
    // The signup's confirmation mail (double opt-in).
    ...signupJobHandlers(mailer, config.sessionSecret),
    ...waitlistJobHandlers({ mailer, sms: createSmsSender({ dataDir: config.dataDir }) }),
    ...workflowJobHandlers(mailer),
    // Idempotency keys are kept 24 hours: an hourly purge.
    ...idempotencyJobHandlers(),
    // Comments on pages: the same composed-message job as the workflows' notifications.
    [COMMENT_MAIL_JOB, mailEachJob(mailer)],
  ]);
  // The CDN purge hook (CDN_PURGE_URL) rides on the same runner, so a failed purge is retried.
  if (config.cdnPurgeUrl)
    handlers.set(
      CDN_PURGE_JOB,
      cdnPurgeHandler({ url: config.cdnPurgeUrl, secret: config.cdnPurgeSecret, provider: config.cdnPurgeProvider }),
    );
  await schedulePurge(database.db).catch((error: unknown) =>
    logger.warn({ err: error }, 'wait-list purge not scheduled'),
  );
  await scheduleKeyPurge(database.db).catch((error: unknown) =>
    logger.warn({ err: error }, 'idempotency key purge not scheduled'),
  );
  const jobs = startJobRunner({ db: database.db, handlers, logger });

  // Listening only now, with the signal handlers set in the same tick: a SIGTERM that comes as soon
  // as the first request is answered (a platform stopping a booting dyno) drains, never kills.
  // Express 5 hands a failed listen (the port taken, not permitted) to this callback.
  const server: Server = app.listen(config.port, (error?: Error) => {
    if (error) listenFailed(logger, config.port, error);
    logger.info(
      { port: config.port, database: database.kind, pid: process.pid },
      `listening on http://localhost:${config.port}/`,
    );
  });

  const drain = gracefulDrain({
    server,
    logger,
    graceMs: config.shutdownGraceMs,
    // Runs once every response has ended (or the grace period is over): jobs stop, then the page
    // cache's announcements of the last writes (NOTIFY and the CDN purge job, sent from
    // setImmediate) start before the database closes; a query already started finishes before the
    // pool ends. Each step is bounded: a job or a query waiting on a lock is cut, not waited for.
    release: async (budgetMs) => {
      const deadline = Date.now() + budgetMs;
      if (!(await settlesWithin(jobs.stop(), JOBS_STOP_MS)))
        logger.warn('a job was still running; its lease lets another process run it again');
      await new Promise((resolve) => setImmediate(resolve));
      await database.close({ timeoutMs: deadline - Date.now() });
    },
  });
  process.on('SIGTERM', () => drain.stop('SIGTERM'));
  process.on('SIGINT', () => drain.stop('SIGINT'));
}

async function startPrimary(config: Config, logger: Logger): Promise<void> {
  // A bad MAP_PMTILES stops here, once, before any worker starts.
  await (await mapArchiveOrExit(config))?.close();
  // Migrate and seed once, before any worker starts, so workers never race on the schema.
  const database = await prepareDatabase(config, logger);
  await database.close();
  for (let i = 0; i < config.webConcurrency; i++) cluster.fork();
  const served = new Set<number>();
  cluster.on('listening', (worker) => served.add(worker.id));
  let failedToStop = false;
  cluster.on('exit', (worker, code, signal) => {
    if (shuttingDown) {
      if (code !== 0) failedToStop = true;
      // The last worker gone: nothing else keeps the primary, and nothing may.
      if (Object.values(cluster.workers ?? {}).every((other) => !other || other.isDead()))
        process.exit(failedToStop || process.exitCode === 1 ? 1 : 0);
      return;
    }
    if (!served.has(worker.id)) {
      // It died before it ever listened (its port taken, say): another would die the same way.
      logger.fatal({ pid: worker.process.pid, code, signal }, 'a worker failed to start; stopping');
      process.exitCode = 1;
      stop('SIGTERM');
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, 'worker died; starting another');
    cluster.fork();
  });
  let shuttingDown = false;
  const stop = (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    // Each worker bounds its own shutdown; one that still lives (its event loop blocked, say) is
    // killed, so the primary too is gone within the grace period plus 5 s.
    const deadline = setTimeout(() => {
      const left = Object.values(cluster.workers ?? {}).filter((worker) => worker && !worker.isDead());
      logger.error({ pids: left.map((worker) => worker!.process.pid) }, 'workers did not stop in time; killing them');
      for (const worker of left) worker!.process.kill('SIGKILL');
      process.exit(1);
    }, config.shutdownGraceMs + KILL_WORKERS_AFTER_GRACE_MS);
    deadline.unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

const config = configOrExit();
const logger = createLogger(config.logLevel, { pretty: config.logPretty });
const run = cluster.isPrimary && config.webConcurrency > 1 ? startPrimary : startWorker;
run(config, logger).catch((error: unknown) => {
  logger.fatal({ err: error }, 'start-up failed');
  process.exit(1);
});
