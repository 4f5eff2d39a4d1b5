import type { Request } from 'express';
import { CAPTCHA_FIELD } from './captcha';

/*
 * Reading a guest form's posted body: whatever arrives, text fields come out as bounded strings.
 */

/** The posted body as an object (anything else reads as empty). */
export const bodyOf = (req: Request): Record<string, unknown> =>
  typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {};
/** A posted text value, cut to `max` characters ('' when missing or not text). */
export const str = (value: unknown, max = 2000) => (typeof value === 'string' ? value.slice(0, max) : '');

/** The posted text of each field (the captcha's answer is not a value the form shows again). */
export function valuesOf(body: Record<string, unknown>, fields: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fields) if (field !== CAPTCHA_FIELD) values[field] = str(body[field]);
  return values;
}
