import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../logger';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../database-errors';
import { HttpError } from '../errors';
import { MediaStorageUnavailableError } from '../storage/media-storage';
import { unavailablePage } from './unavailable-page';
import { isAnsweredByDrain } from './answered-by-drain';
import { errorPageLanguage, plainErrorPage } from './error-page';

const wantsJson = (req: Request) => req.path.startsWith('/api') || req.path.includes('/api/') || !req.accepts('html');

/**
 * The one place errors become responses. Known HttpErrors show their message; anything else is
 * logged with the request id and answered with a generic message that leaks nothing.
 * `renderNotFound` lets the public site answer HTML 404s with its own not-found page.
 */
export function errorHandler(logger: Logger, renderNotFound: (req: Request, res: Response) => Promise<void>) {
  return async (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    // The shutdown already answered this request 503 (its grace period ended while the handler
    // ran); what the handler met afterwards (a closed database, headers already sent) is expected.
    if (isAnsweredByDrain(res)) {
      logger.debug(
        { reqId: req.id, reason: error instanceof Error ? error.message : String(error) },
        'request ended after the shutdown answered it',
      );
      return;
    }
    if (isDatabaseUnavailable(error) || error instanceof MediaStorageUnavailableError)
      return answerUnavailable(logger, error, req, res);
    const known = error instanceof HttpError ? error : undefined;
    const status = known?.status ?? statusOf(error) ?? 500;
    if (status >= 500) logger.error({ err: error, reqId: req.id }, 'request failed');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const message =
      known?.message ??
      parserMessage(error) ??
      (status >= 500 ? 'Something went wrong on our side.' : 'The request could not be processed.');
    if (wantsJson(req)) {
      res.status(status).json({
        error: {
          code: known?.code ?? codeOf(error, status) ?? (status >= 500 ? 'server_error' : 'bad_request'),
          message,
          ...(known?.fields ? { fields: known.fields } : {}),
        },
      });
      return;
    }
    if (status === 404) {
      try {
        await renderNotFound(req, res);
        return;
      } catch (renderError) {
        logger.error({ err: renderError }, 'not-found page failed to render');
      }
    }
    res
      .status(status)
      .type('html')
      .send(plainErrorPage(status, message, errorPageLanguage(res)));
  };
}

/**
 * The database (a restart, a failover, a lost connection) or the object store is away: 503 with
 * Retry-After, which load balancers, crawlers and our own pages understand as "try again soon".
 * One warning line per request, without the stack: a database outage is logged once by its watch.
 */
function answerUnavailable(logger: Logger, error: unknown, req: Request, res: Response) {
  logger.warn(
    { reqId: req.id, reason: error instanceof Error ? error.message : String(error) },
    'database or storage unavailable; answered 503',
  );
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(503).set({ 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' });
  if (wantsJson(req)) {
    res.json({
      error: {
        code: 'service_unavailable',
        message: `The service is briefly unavailable. Please try again in ${RETRY_AFTER_SECONDS} seconds.`,
      },
    });
    return;
  }
  res.type('html').send(unavailablePage(RETRY_AFTER_SECONDS, errorPageLanguage(res)));
}

/** Errors raised by body parsers and the like carry their own 4xx status. */
function statusOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null) {
    const status =
      (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 600) return status;
  }
  return undefined;
}

/** A middleware's own 4xx code (the CSRF check's 'csrf_failed'), so scripts can tell refusals apart. */
function codeOf(error: unknown, status: number): string | undefined {
  if (status >= 500 || typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[a-z_]{1,40}$/.test(code) ? code : undefined;
}

/** Body-parser refusals in words a person can act on (the form stays in the browser's history). */
function parserMessage(error: unknown): string | undefined {
  const type = typeof error === 'object' && error !== null ? (error as { type?: unknown }).type : undefined;
  if (type === 'entity.too.large') {
    return 'What you sent is too large to save (the limit is 1 MB). Nothing was saved: go back to keep your changes, make the content smaller (for example remove pasted images or very long text) and try again.';
  }
  if (type === 'entity.parse.failed')
    return 'What you sent could not be read (it is not valid JSON or form data). Nothing was saved.';
  return undefined;
}
