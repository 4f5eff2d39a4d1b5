import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { createApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { createLogger, type Logger } from './logger';
import { prepareDatabase } from './boot';
import { loadAssetManifest } from './ssr/assets';
import { startJobRunner } from './modules/jobs/runner';
import { pageJobHandlers } from './modules/pages/schedule-service';

const SHUTDOWN_GRACE_MS = 25_000; // Heroku sends SIGKILL 30 s after SIGTERM

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

async function startWorker(config: Config, logger: Logger): Promise<void> {
  const assets = loadAssetManifest();
  const database = await prepareDatabase(config, logger);
  const app = createApp({ config, db: database.db, logger, assets });
  const server: Server = app.listen(config.port, () => {
    logger.info({ port: config.port, database: database.kind, pid: process.pid }, `listening on http://localhost:${config.port}/`);
  });

  // Scheduled publishing and expiry: every worker polls; SKIP LOCKED hands each job to one of them.
  const jobs = startJobRunner({ db: database.db, handlers: pageJobHandlers, logger });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: finishing in-flight requests');
    const jobsStopped = jobs.stop();
    server.close(async () => {
      await jobsStopped;
      await database.close();
      logger.info('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => {
      logger.warn('in-flight requests did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

async function startPrimary(config: Config, logger: Logger): Promise<void> {
  // Migrate and seed once, before any worker starts, so workers never race on the schema.
  const database = await prepareDatabase(config, logger);
  await database.close();
  for (let i = 0; i < config.webConcurrency; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (shuttingDown) return;
    logger.error({ pid: worker.process.pid, code, signal }, 'worker died; starting another');
    cluster.fork();
  });
  let shuttingDown = false;
  const stop = (signal: NodeJS.Signals) => {
    shuttingDown = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

const config = configOrExit();
const logger = createLogger(config.logLevel);
const run = cluster.isPrimary && config.webConcurrency > 1 ? startPrimary : startWorker;
run(config, logger).catch((error: unknown) => {
  logger.fatal({ err: error }, 'start-up failed');
  process.exit(1);
});
