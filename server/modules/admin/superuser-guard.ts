import type { NextFunction, Request, Response } from 'express';
import { HttpError } from '../../errors';

/**
 * Users, groups and sites are managed by administrators only: this project has no per-model
 * permissions (Wagtail's auth.change_user etc.), so the superuser flag stands in for them.
 */
export function requireSuperuser(req: Request, _res: Response, next: NextFunction): void {
  if (!req.user?.is_superuser) throw new HttpError(403, 'forbidden', 'Only administrators can manage users, groups and sites.');
  next();
}
