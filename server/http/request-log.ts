import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, NextFunction, Request, Response } from 'express';
import type { Logger } from '../logger';

declare module 'http' {
  interface IncomingMessage {
    /** The request id: the caller's X-Request-Id when it is a plain token, else a fresh UUID. */
    id: string;
    /** A logger whose lines carry the request's id, method and URL (made on first use). */
    log: Logger;
  }
}

const REQUEST_ID = /^[\w-]{1,64}$/;

type Level = 'info' | 'warn' | 'error';

/** 503 is the database being away: the outage is logged once, each answer is a warning. */
export function requestLogLevel(status: number, aborted: boolean): Level {
  if (status === 503) return 'warn';
  if (status >= 500) return 'error';
  // The visitor left (closed the tab, seeked a video, a lazy image was cancelled): routine, but
  // kept at info so slow answers that make people give up can be found.
  if (aborted) return 'info';
  return status >= 400 ? 'warn' : 'info';
}

/**
 * The URL as logged: an upload form carries its CSRF token in its action URL (the token of a
 * multipart body is checked before the body is read), and a token has no place in a log.
 */
export const loggedUrl = (url: string | undefined) =>
  url?.replace(/([?&]csrfmiddlewaretoken=)[^&#]*/gi, '$1[redacted]');

/** What a request's line says: enough for an operator (who, what, how it ended, how long), no headers. */
export function requestLine(req: IncomingMessage, res: ServerResponse, responseTime: number) {
  const url = loggedUrl((req as Partial<Request>).originalUrl ?? req.url);
  return {
    req: { id: req.id, method: req.method, url, remoteAddress: req.socket?.remoteAddress },
    res: { statusCode: res.statusCode },
    responseTime,
  };
}

/**
 * One line per request ("request completed", or "request errored" / "request aborted"), written
 * when the answer is out. Unlike a general-purpose HTTP logger it serialises nothing up front: no
 * child logger with the request's headers per request, no redaction pass; a line below the
 * logger's level costs one level check. `req.log` (used by a few routes for stream failures) is a
 * child logger made on first use.
 */
export function requestLog(app: Express, logger: Logger) {
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Request): Logger {
      const child = logger.child({ reqId: this.id, req: { method: this.method, url: loggedUrl(this.originalUrl) } });
      Object.defineProperty(this, 'log', { value: child, configurable: true, writable: true });
      return child;
    },
  });
  return function requestLogMiddleware(req: Request, res: Response, next: NextFunction): void {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    const started = Date.now();
    // 'close' follows 'finish' on every answer (and comes alone when the client left first).
    res.once('close', () => {
      const aborted = !res.writableFinished;
      const level = requestLogLevel(res.statusCode, aborted);
      if (!logger.isLevelEnabled(level)) return;
      const line = requestLine(req, res, Date.now() - started);
      if (aborted) logger[level](line, 'request aborted');
      else if (res.statusCode >= 500) logger[level](line, 'request errored');
      else logger[level](line, 'request completed');
    });
    next();
  };
}
