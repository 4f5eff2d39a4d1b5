import type { NextFunction, Request, Response } from 'express';
import { notFound } from '../errors';

/** Whatever no router answered (non-GET methods, unknown API paths) becomes a 404 error. */
export function notFoundFallthrough(_req: Request, _res: Response, next: NextFunction): void {
  next(notFound('There is nothing at this address.'));
}
