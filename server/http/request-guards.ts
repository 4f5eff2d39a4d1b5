import { isIP } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import { HttpError } from '../errors';
import { invalidCharacters, isUnusableText } from './input-hygiene';
import { requestHost } from './host';

export const MAX_URL_LENGTH = 2000;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/**
 * Refuses, before any routing or query, what no route could answer: a URL too long (414) or
 * mis-encoded, a path with control characters, a query with NUL or broken Unicode, a malformed
 * Host, and forwarded values from a trusted proxy that are not a scheme or an address (400).
 */
export function requestGuards(req: Request, _res: Response, next: NextFunction): void {
  try {
    checkRequest(req);
    next();
  } catch (error) {
    next(error);
  }
}

function checkRequest(req: Request): void {
  if (req.originalUrl.length > MAX_URL_LENGTH)
    throw new HttpError(414, 'uri_too_long', `The address is longer than ${MAX_URL_LENGTH} characters.`);
  let path: string;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    throw new HttpError(400, 'bad_path_encoding', 'The address contains malformed percent-encoding.');
  }
  if (CONTROL_CHARACTER.test(path) || isUnusableText(path)) {
    throw new HttpError(
      400,
      'invalid_characters',
      'The address contains a character that is not allowed (a NUL byte or another control character).',
    );
  }
  const queryStart = req.originalUrl.indexOf('?');
  if (queryStart !== -1) {
    for (const [key, value] of new URLSearchParams(req.originalUrl.slice(queryStart + 1))) {
      if (isUnusableText(key) || isUnusableText(value)) throw invalidCharacters('query string');
    }
  }
  // Host and scheme are checked here so that every route, not only the public pages, refuses them.
  requestHost(req);
  if (!isClientAddress(req.ip))
    throw new HttpError(
      400,
      'bad_forwarded_for',
      'The X-Forwarded-For header does not end with a valid client address.',
    );
}

/**
 * Node's isIP tests an IPv6 address (a loopback or IPv4-mapped socket address is one) with a long
 * regular expression, for every request of a keep-alive connection that sends the same one: the
 * last address found valid is remembered.
 */
let lastValidAddress: string | undefined;
function isClientAddress(address: string | undefined): boolean {
  if (address === undefined || address === '') return false;
  if (address === lastValidAddress) return true;
  if (!isIP(address)) return false;
  lastValidAddress = address;
  return true;
}
