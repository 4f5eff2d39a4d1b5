/**
 * The one error type services throw. The error middleware turns it into an HTML page or a
 * JSON body; `fields` carries per-field messages for 400 responses.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const badRequest = (message: string, fields?: Record<string, string[]>) =>
  new HttpError(400, 'bad_request', message, fields);
