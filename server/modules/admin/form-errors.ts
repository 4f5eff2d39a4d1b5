import type { z } from 'zod';

export type FieldErrors = Record<string, string>;
export type FormErrors = { fieldErrors: FieldErrors; nonFieldErrors: string[] };

/** The first message of each field (the screens show one), and the rest as non-field errors. */
export function formErrorsOf(error: z.ZodError, fieldNames: readonly string[]): FormErrors {
  const fieldErrors: FieldErrors = {};
  const nonFieldErrors: string[] = [];
  for (const issue of error.issues) {
    const name = issue.path[0];
    if (typeof name === 'string' && fieldNames.includes(name)) fieldErrors[name] ??= issue.message;
    else nonFieldErrors.push(issue.message);
  }
  return { fieldErrors, nonFieldErrors };
}

export const noErrors = (): FormErrors => ({ fieldErrors: {}, nonFieldErrors: [] });

/** A urlencoded body as a plain record (anything else is an empty form). */
export function formBody(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** What the user typed in the text fields, kept as is so a redisplayed form loses nothing. */
export function keptText<const K extends string>(body: Record<string, unknown>, names: readonly K[]): Record<K, string> {
  return Object.fromEntries(names.map((name) => [name, typeof body[name] === 'string' ? (body[name] as string).slice(0, 5000) : ''])) as Record<K, string>;
}
