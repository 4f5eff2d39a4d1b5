import { HttpError } from '../../errors';

/**
 * Errors a confirm screen shows to the user (bad input, a conflict, a lock) instead of an error
 * page: 400, 409 and 423. Permission and not-found errors still go to the error handler.
 */
export function userFacingError(error: unknown): HttpError | undefined {
  return error instanceof HttpError && [400, 409, 423].includes(error.status) ? error : undefined;
}

/** The first message of each field, and the rest as messages for the top of the form. */
export function splitErrors<F extends string>(error: HttpError, fieldNames: readonly F[]): { fieldErrors: Partial<Record<F, string>>; errors: string[] } {
  const fieldErrors: Partial<Record<F, string>> = {};
  const errors: string[] = [];
  for (const [name, messages] of Object.entries(error.fields ?? {})) {
    if ((fieldNames as readonly string[]).includes(name) && messages[0]) fieldErrors[name as F] = messages[0];
    else errors.push(...messages);
  }
  if (!error.fields) errors.push(error.message);
  return { fieldErrors, errors };
}

/** Field errors from a zod parse, first message per field. */
export function zodFieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const name = String(issue.path[0] ?? '__all__');
    out[name] ??= issue.message;
  }
  return out;
}
