import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { HttpError } from '../errors';
import { cleanInput } from './input-hygiene';

/** The most fields one form may send (body-parser's own default), so a body cannot be a million tiny keys. */
export const MAX_FORM_FIELDS = 1000;

/**
 * Form and JSON body parsers whose results are safe whatever the sender wrote: objects have a
 * null prototype (a field named '__proto__' or 'constructor' is just a field), and NUL bytes or
 * broken Unicode in any key or value are a 400 before a route runs. Repeated form fields become
 * arrays, as with Express's own simple parser.
 */
export function bodyParsers(limit: string): RequestHandler[] {
  return [
    express.text({ type: 'application/x-www-form-urlencoded', limit }),
    parseFormText,
    express.json({ limit }),
    cleanJsonBody,
  ];
}

function parseFormText(req: Request, _res: Response, next: NextFunction): void {
  if (typeof req.body !== 'string' || !req.is('application/x-www-form-urlencoded')) return next();
  const params = new URLSearchParams(req.body);
  const fields: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  let count = 0;
  for (const [key, value] of params) {
    if (++count > MAX_FORM_FIELDS) {
      return next(
        new HttpError(413, 'too_many_fields', `The form sent more than ${MAX_FORM_FIELDS} fields. Nothing was saved.`),
      );
    }
    const previous = fields[key];
    fields[key] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  try {
    req.body = cleanInput(fields, 'form');
  } catch (error) {
    return next(error);
  }
  next();
}

function cleanJsonBody(req: Request, _res: Response, next: NextFunction): void {
  if (!req.is('application/json') || typeof req.body !== 'object' || req.body === null) return next();
  try {
    req.body = cleanInput(req.body, 'JSON body');
  } catch (error) {
    return next(error);
  }
  next();
}
