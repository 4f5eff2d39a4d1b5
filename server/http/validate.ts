import type * as z from 'zod';
import { HttpError } from '../errors';

/**
 * The one place a failed validation becomes something a person reads: a 400 with every field's
 * messages for JSON callers, or the first message per field plus a non-field group for
 * server-rendered forms (spec section 5). Every map is built on a null-prototype object, so a
 * field or query key named `__proto__`, `constructor` or `toString` is just a key.
 */

/** Django's key for errors that belong to no field (NON_FIELD_ERRORS). */
export const NON_FIELD = '__all__';

type Issue = z.core.$ZodIssue;

/** Where an issue belongs: its dotted path ('update_attrs.title'), or NON_FIELD for the value as a whole. */
function keysOf(issue: Issue): string[] {
  // An unknown key is reported on the object that holds it; name the key itself instead.
  if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => [...issue.path, key].join('.'));
  return [issue.path.map(String).join('.') || NON_FIELD];
}

/** Every message of every field, in the order zod found them (the JSON `error.fields`). */
export function fieldMessages(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = Object.create(null);
  for (const issue of error.issues) {
    for (const key of keysOf(issue)) (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/** At most this many messages go into the sentence (all of them stay in `fields`). */
const MESSAGES_IN_SENTENCE = 3;

/**
 * A failed parse as the 400 the error handler renders: "The {what} is not valid: {messages}"
 * (the HTML error page shows only this sentence) plus every field's messages for JSON callers.
 */
export function invalid(error: z.ZodError, what: string): HttpError {
  const messages = [...new Set(error.issues.map((issue) => issue.message))];
  const shown = messages.slice(0, MESSAGES_IN_SENTENCE).join(' ');
  const more = messages.length > MESSAGES_IN_SENTENCE ? ` (and ${messages.length - MESSAGES_IN_SENTENCE} more)` : '';
  return new HttpError(400, 'bad_request', `The ${what} is not valid: ${shown}${more}`, fieldMessages(error));
}

/** Parses a request's params, query or body with a shared schema, or throws a 400 with JSON field errors. */
export function parseOr400<T extends z.ZodType>(schema: T, value: unknown, what = 'request'): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalid(parsed.error, what);
  return parsed.data;
}

/** A server-rendered form's errors: the first message of each shown field, and the rest above the form. */
export type FormErrors<F extends string = string> = {
  fieldErrors: Partial<Record<F, string>>;
  nonFieldErrors: string[];
};

export function noFormErrors<F extends string = string>(): FormErrors<F> {
  return { fieldErrors: Object.create(null) as Partial<Record<F, string>>, nonFieldErrors: [] };
}

/**
 * The errors of a form the screen redisplays, from a failed parse or from a service's 400 (an
 * HttpError with `fields`, or only a message). `fieldNames` are the fields the screen shows: a
 * message for any other key (a nested path, a key the form has no input for, the whole value)
 * goes to the non-field group, so nothing the user must fix is lost.
 */
export function formErrors<const F extends string>(
  error: z.ZodError | HttpError,
  fieldNames: readonly F[],
): FormErrors<F> {
  const out = noFormErrors<F>();
  const shown = new Set<string>(fieldNames);
  const add = (key: string, message: string) => {
    if (shown.has(key)) {
      const field = key as F;
      if (out.fieldErrors[field] === undefined) out.fieldErrors[field] = message;
    } else if (!out.nonFieldErrors.includes(message)) out.nonFieldErrors.push(message);
  };
  if (error instanceof HttpError) {
    if (!error.fields) out.nonFieldErrors.push(error.message);
    for (const [key, messages] of Object.entries(error.fields ?? {})) for (const message of messages) add(key, message);
    return out;
  }
  // Forms are flat: an issue inside a field ('groups.2') belongs to that field.
  for (const issue of error.issues) {
    const keys =
      issue.code === 'unrecognized_keys'
        ? [NON_FIELD]
        : [typeof issue.path[0] === 'string' ? issue.path[0] : NON_FIELD];
    for (const key of keys) add(key, issue.message);
  }
  return out;
}
