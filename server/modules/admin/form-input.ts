import { HttpError } from '../../errors';

/** A urlencoded body as a plain record (anything else is an empty form). */
export function formBody(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** A posted text field as typed, or '' when it is missing or not text. */
export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** What the user typed in the text fields, kept as is so a redisplayed form loses nothing. */
export function keptText<const K extends string>(
  body: Record<string, unknown>,
  names: readonly K[],
): Record<K, string> {
  return Object.fromEntries(
    names.map((name) => [name, typeof body[name] === 'string' ? (body[name] as string).slice(0, 5000) : '']),
  ) as Record<K, string>;
}

/**
 * Errors a screen shows to the user (bad input, a conflict, a lock) instead of an error page:
 * 400, 409 and 423. Permission and not-found errors still go to the error handler.
 */
export function userFacingError(error: unknown): HttpError | undefined {
  return error instanceof HttpError && [400, 409, 423].includes(error.status) ? error : undefined;
}
