import type { Server, ServerResponse } from 'node:http';
import type { Logger } from './logger';

/** Queries of a request whose client left finish well within this (the grace period bounds it anyway). */
const ABANDONED_RESPONSE_MS = 5_000;

/**
 * Graceful drain of one worker: stop accepting connections, close idle keep-alive connections at
 * once, let in-flight requests finish (their responses say `Connection: close`, and each
 * connection is closed as soon as its last response is out), then release the resources behind
 * them (jobs, database) and only then exit. A client holding a keep-alive connection open can no
 * longer keep a stopping worker alive until the platform's SIGKILL.
 *
 * "Finished" is the app's last word (`res.end`), not the connection: a client that gives up (a
 * load balancer's timeout, a closed tab) closes the connection, and the server's close callback
 * can then run while the handler is still querying. Releasing the database there answered such
 * requests with "driver has already been destroyed". So the release also waits for every request
 * the app has not ended yet (up to the grace period).
 */
export function gracefulDrain(options: {
  server: Server;
  logger: Logger;
  /** Past this the remaining connections are cut (the platform kills soon after). */
  graceMs: number;
  /** How long a request whose client left may still run after its connection closed. */
  abandonedMs?: number;
  /** Runs once no request is in flight any more: stop jobs, close the database. */
  release: () => Promise<void>;
  exit?: (code: number) => void;
}): { stop(signal: string): void } {
  const { server, logger, graceMs, release } = options;
  const abandonedMs = options.abandonedMs ?? ABANDONED_RESPONSE_MS;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let draining = false;
  /** Responses the app has not ended yet. */
  const unfinished = new Set<ServerResponse>();
  let lastEnded: (() => void) | undefined;
  const ended = (res: ServerResponse) => {
    if (unfinished.delete(res) && unfinished.size === 0) lastEnded?.();
  };

  // Runs before the app sees the request: while draining, every response closes its connection.
  server.prependListener('request', (_req, res) => {
    if (draining) res.shouldKeepAlive = false;
    unfinished.add(res);
    const end = res.end;
    res.end = function (this: typeof res, ...args: Parameters<typeof res.end>) {
      res.end = end;
      ended(res);
      return end.apply(this, args);
    } as typeof res.end;
    // One listener per response: 'close' follows 'finish' (on the next tick) or comes alone when
    // the client left first.
    res.once('close', () => {
      // A response that began before the drain may have promised keep-alive: close it now.
      if (draining) setImmediate(() => server.closeIdleConnections());
      // A handler whose client left may never end its response (a piped render unpipes): it gets a
      // while to finish its queries, then stops counting.
      if (unfinished.has(res)) setTimeout(() => ended(res), abandonedMs).unref();
    });
  });

  /** Resolves once the app has ended every response it began (now, if none is open). */
  const everyResponseEnded = () =>
    new Promise<void>((resolve) => {
      if (unfinished.size === 0) resolve();
      else lastEnded = resolve;
    });

  const stop = (signal: string) => {
    if (draining) return;
    draining = true;
    logger.info({ signal }, 'stopping: finishing in-flight requests');
    let timedOut = false;
    let endGrace = () => undefined as void;
    const graceOver = new Promise<void>((resolve) => (endGrace = resolve));
    const limit = setTimeout(() => {
      timedOut = true;
      endGrace();
      logger.warn({ graceMs }, 'in-flight requests did not finish in time; closing their connections');
      server.closeAllConnections();
    }, graceMs);
    limit.unref();
    const releaseOnce = () => {
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
    };
    server.close(() => {
      // Past the grace period the platform kills soon: release what we can now.
      if (timedOut) releaseOnce();
      else void Promise.race([everyResponseEnded(), graceOver]).then(releaseOnce);
    });
    server.closeIdleConnections();
  };
  return { stop };
}
