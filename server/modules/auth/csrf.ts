import { csrfSync } from 'csrf-sync';
import type { Request } from 'express';

/** The hidden form field and the request header that carry the token (Django's names). */
export const CSRF_FIELD = 'csrfmiddlewaretoken';
export const CSRF_HEADER = 'x-csrftoken';

/**
 * Synchroniser-token CSRF protection: the token lives in the session and every unsafe request
 * sends it back in the form field or the header. A missing or wrong token is a 403.
 *
 * Multipart bodies (uploads) are checked before a byte of them is read, so their token comes
 * from the header (the upload scripts) or the query string (the form's action URL, for a browser
 * without JavaScript); a token inside a multipart body is never looked at.
 */
export const csrf = csrfSync({
  getTokenFromRequest: (req: Request) => {
    const header = req.headers[CSRF_HEADER];
    if (typeof header === 'string' && header) return header;
    if (isMultipart(req)) {
      const query = new URLSearchParams(req.originalUrl.split('?')[1] ?? '').get(CSRF_FIELD);
      return query || undefined;
    }
    const body: unknown = req.body;
    if (typeof body === 'object' && body !== null) {
      const field = (body as Record<string, unknown>)[CSRF_FIELD];
      if (typeof field === 'string') return field;
    }
    return undefined;
  },
  errorConfig: {
    statusCode: 403,
    code: 'csrf_failed',
    message: 'The form has expired or was not sent from this site. Reload the page and try again.',
  },
});

const isMultipart = (req: Request) => /^multipart\//i.test(req.headers['content-type'] ?? '');

/** The session's token, created on first use. */
export function csrfTokenFor(req: Request): string {
  return csrf.generateToken(req);
}
