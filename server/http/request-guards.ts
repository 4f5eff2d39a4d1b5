import type { NextFunction, Request, Response } from 'express';
import { HttpError } from '../errors';

export const MAX_URL_LENGTH = 2000;

/** Rejects URLs that no page could answer before any routing runs: too long (414) or mis-encoded (400). */
export function requestGuards(req: Request, _res: Response, next: NextFunction): void {
  if (req.originalUrl.length > MAX_URL_LENGTH) {
    next(new HttpError(414, 'uri_too_long', `The address is longer than ${MAX_URL_LENGTH} characters.`));
    return;
  }
  try {
    decodeURIComponent(req.path);
  } catch {
    next(new HttpError(400, 'bad_path_encoding', 'The address contains malformed percent-encoding.'));
    return;
  }
  next();
}
