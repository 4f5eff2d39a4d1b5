import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { RETRY_AFTER_SECONDS } from './database-errors';
import type { Logger } from './logger';
import { markAnsweredByDrain } from './http/answered-by-drain';
import { unavailablePage } from './http/unavailable-page';

/** Queries of a request whose client left finish well within this (the grace period bounds it anyway). */
const ABANDONED_RESPONSE_MS = 5_000;
/** The 503s sent at the end of the grace period get this long to leave before connections are cut. */
const FLUSH_MS = 250;
/** Stopping the jobs and closing the database get this long once the requests are done. */
export const RELEASE_BUDGET_MS = 3_000;
/** Past the grace period plus this a worker exits whatever it is waiting for. */
export const HARD_EXIT_AFTER_GRACE_MS = 4_000;

/** A clean "come back soon" that touches nothing behind the app (no session, no database). */
function answerUnavailable(req: IncomingMessage, res: ServerResponse): void {
  markAnsweredByDrain(res);
  // The app may still write to it later (its handler is running): that must not become an error event nobody handles.
  res.on('error', () => undefined);
  res.shouldKeepAlive = false;
  const html = /text\/html/.test(req.headers.accept ?? '');
  const body = html
    ? unavailablePage(RETRY_AFTER_SECONDS)
    : JSON.stringify({
        error: {
          code: 'service_unavailable',
          message: `The service is restarting. Please try again in ${RETRY_AFTER_SECONDS} seconds.`,
        },
      });
  res.writeHead(503, {
    'Retry-After': String(RETRY_AFTER_SECONDS),
    'Cache-Control': 'no-store',
    Connection: 'close',
    'Content-Type': html ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

/**
 * Graceful drain of one worker, bounded in time whatever the database is doing.
 *
 * SIGTERM: stop accepting connections, close idle keep-alive connections at once, let in-flight
 * requests finish (their responses say `Connection: close`). A request that arrives on an open
 * connection after SIGTERM gets a 503 with Retry-After before the app sees it, so nothing new
 * starts on a database that is about to close. Once the app has ended every response it began,
 * the resources behind them (jobs, database) are released and the process exits.
 *
 * "Finished" is the app's last word (`res.end`), not the connection: a client that gives up
 * closes its connection while the handler may still be querying, and releasing the database then
 * answered such requests with "driver has already been destroyed". So the release waits for every
 * response the app has not ended yet.
 *
 * At the end of the grace period, requests still running (waiting on a lock, say) get a 503 with
 * Retry-After if nothing was sent yet, or their connection closed if a response had begun; then
 * the release runs with its own budget, and at grace + HARD_EXIT_AFTER_GRACE_MS the process
 * exits even if something still holds it (a pool that never ends, a socket the server left).
 */
export function gracefulDrain(options: {
  server: Server;
  logger: Logger;
  /** How long in-flight requests may take; past it they get a 503. */
  graceMs: number;
  /** How long a request whose client left may still run after its connection closed. */
  abandonedMs?: number;
  /** Runs once no request is in flight any more (or the grace period ended): stop jobs, close the database within `budgetMs`. */
  release: (budgetMs: number) => Promise<void>;
  /** Past the grace period plus this the process exits whatever holds it. */
  hardExitAfterGraceMs?: number;
  exit?: (code: number) => void;
}): { stop(signal: string): void } {
  const { server, logger, graceMs, release } = options;
  const abandonedMs = options.abandonedMs ?? ABANDONED_RESPONSE_MS;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let draining = false;
  /** Responses the app has not ended yet. */
  const unfinished = new Map<ServerResponse, IncomingMessage>();
  let lastEnded: (() => void) | undefined;
  const ended = (res: ServerResponse) => {
    if (unfinished.delete(res) && unfinished.size === 0) lastEnded?.();
  };

  const track = (req: IncomingMessage, res: ServerResponse) => {
    unfinished.set(res, req);
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
  };

  // The drain stands between the server and the app (the listeners the server has now): while
  // draining, a new request is answered here and never reaches the app.
  const appListeners = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (draining) {
      answerUnavailable(req, res);
      return;
    }
    track(req, res);
    for (const listener of appListeners) listener.call(server, req, res);
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
    logger.info({ signal, graceMs }, 'stopping: finishing in-flight requests');
    // The last resort: whatever still holds the process (the event loop itself is free), it ends.
    const hardExit = setTimeout(
      () => {
        logger.error({ graceMs }, 'did not stop in time; exiting now');
        exit(1);
      },
      graceMs + (options.hardExitAfterGraceMs ?? HARD_EXIT_AFTER_GRACE_MS),
    );
    hardExit.unref();

    let timedOut = false;
    let releasing = false;
    const releaseOnce = () => {
      if (releasing) return;
      releasing = true;
      clearTimeout(limit);
      release(RELEASE_BUDGET_MS).then(
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
    const limit = setTimeout(() => {
      timedOut = true;
      // The release waits for the 503s below to leave, not for the responses to end.
      lastEnded = undefined;
      logger.warn(
        { graceMs, unfinished: unfinished.size },
        'in-flight requests did not finish in time; answering them 503 and closing their connections',
      );
      for (const [res, req] of unfinished) {
        // A response already under way cannot change its status: its connection is closed instead.
        if (res.headersSent) res.destroy();
        else answerUnavailable(req, res);
      }
      unfinished.clear();
      setTimeout(() => {
        server.closeAllConnections();
        releaseOnce();
      }, FLUSH_MS);
    }, graceMs);
    limit.unref();

    server.close(() => {
      if (!timedOut) void everyResponseEnded().then(releaseOnce);
    });
    server.closeIdleConnections();
  };
  return { stop };
}
