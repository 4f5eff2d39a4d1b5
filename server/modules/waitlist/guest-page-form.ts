import { randomBytes } from 'node:crypto';
import type { Request } from 'express';
import { HttpError } from '../../errors';
import type { FormState } from '../../../shared/schemas/waitlist';

/**
 * What the wait list's and the reservations' guest forms share (waitlist-guest-pages.ts,
 * reservation-guest-pages.ts): the idempotency key a form carries, what a refusal does to the
 * values, and reading a posted body as strings.
 */

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** The form's idempotency key: the one it was sent with (a corrected resend), else a new one. */
export const formKey = (values: Record<string, string>) =>
  values.idempotencyKey && KEY_PATTERN.test(values.idempotencyKey)
    ? values.idempotencyKey
    : randomBytes(16).toString('base64url');

/** After a key was spent on another request, the form gets a new key and a message a person can act on. */
export function afterRefusal(error: HttpError, values: Record<string, string>): Record<string, string> {
  if (error.code !== 'idempotency_key_reused') return values;
  const { idempotencyKey: _spent, ...rest } = values;
  return rest;
}
export const personMessage = (error: HttpError): HttpError =>
  error.code === 'idempotency_key_reused'
    ? new HttpError(error.status, error.code, 'This form was already sent. Please check the details and send it again.')
    : error;

export const emptyForm = (values: Record<string, string> = {}): FormState => ({
  values,
  fieldErrors: {},
  nonFieldErrors: [],
});
export const stringValues = (body: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries(typeof body === 'object' && body !== null ? body : {}).filter(([, v]) => typeof v === 'string'),
  ) as Record<string, string>;

/** The request's whole path, the language prefix included (the pages' router may be mounted under it). */
export const pathOf = (req: Request) => `${req.baseUrl}${req.path}`;

/** The named values that are set (not missing, not blank). */
export function pick<T extends Record<string, unknown>>(values: T, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => values[k] !== undefined && values[k] !== '').map((k) => [k, values[k]]));
}
