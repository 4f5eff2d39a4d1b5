import type { Server } from 'node:http';
import type { Logger } from './logger';

/**
 * Graceful drain of one worker: stop accepting connections, close idle keep-alive connections at
 * once, let in-flight requests finish (their responses say `Connection: close`, and each
 * connection is closed as soon as its last response is out), then release the resources behind
 * them (jobs, database) and only then exit. A client holding a keep-alive connection open can no
 * longer keep a stopping worker alive until the platform's SIGKILL.
 */
export function gracefulDrain(options: {
  server: Server;
  logger: Logger;
  /** Past this the remaining connections are cut (the platform kills soon after). */
  graceMs: number;
  /** Runs once no request is in flight any more: stop jobs, close the database. */
  release: () => Promise<void>;
  exit?: (code: number) => void;
}): { stop(signal: string): void } {
  const { server, logger, graceMs, release } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let draining = false;

  // Runs before the app sees the request: while draining, every response closes its connection.
  server.prependListener('request', (_req, res) => {
    if (draining) res.shouldKeepAlive = false;
    res.once('finish', () => {
      // A response that began before the drain may have promised keep-alive: close it now.
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
  });

  const stop = (signal: string) => {
    if (draining) return;
    draining = true;
    logger.info({ signal }, 'stopping: finishing in-flight requests');
    let timedOut = false;
    const limit = setTimeout(() => {
      timedOut = true;
      logger.warn({ graceMs }, 'in-flight requests did not finish in time; closing their connections');
      server.closeAllConnections();
    }, graceMs);
    limit.unref();
    server.close(() => {
      clearTimeout(limit);
      release().then(
        () => {
          logger.info('stopped');
          exit(timedOut ? 1 : 0);
        },
        (error: unknown) => {
          logger.error({ err: error }, 'stopping failed');
          exit(1);
        },
      );
    });
    server.closeIdleConnections();
  };
  return { stop };
}
