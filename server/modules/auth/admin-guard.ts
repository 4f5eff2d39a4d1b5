import type { NextFunction, Request, Response } from 'express';
import type { Db } from '../../db';
import { HttpError } from '../../errors';
import { hasAdminAccess } from '../permissions/policy';

/** Background requests (fetch with JSON, the admin API) get JSON errors instead of redirects. */
export function wantsJson(req: Request): boolean {
  // Editing-session pings and releases (sendBeacon sends Accept: */*) and autosave are never screens.
  if (req.path.startsWith('/editing-sessions/') || req.path.endsWith('/edit/autosave/')) return true;
  return req.xhr || req.path.startsWith('/api/') || req.accepts(['html', 'json']) === 'json';
}

/**
 * Admin pages need a signed-in user with admin access: a superuser or a member of a group with
 * the admin-access flag (Wagtail gives none to a user without groups or the superuser flag).
 */
export function requireAdmin(db: Db) {
  return (req: Request, res: Response, next: NextFunction) => checkAdmin(db, req, res, next);
}

async function checkAdmin(db: Db, req: Request, res: Response, next: NextFunction): Promise<void> {
  const user = req.user;
  if (!user) {
    if (wantsJson(req)) {
      res
        .status(401)
        .json({ error: { code: 'not_authenticated', message: 'Authentication credentials were not provided.' } });
      return;
    }
    res.redirect(302, `/wagtail/login/?next=${encodeURIComponent(req.originalUrl)}`);
    return;
  }
  if (!(await hasAdminAccess(db, user))) {
    if (wantsJson(req)) {
      res
        .status(403)
        .json({ error: { code: 'permission_denied', message: 'You do not have permission to access the admin.' } });
      return;
    }
    res.status(403).type('text/plain').send('You do not have permission to access the admin.');
    return;
  }
  next();
}

/**
 * Users, groups and sites are managed by administrators only: the model permissions of the
 * viewset areas (permissions/model-policy.ts) do not cover them, so the superuser flag stands in
 * for Wagtail's auth.change_user and friends.
 */
export function requireSuperuser(req: Request, _res: Response, next: NextFunction): void {
  if (!req.user?.is_superuser)
    throw new HttpError(403, 'forbidden', 'Only administrators can manage users, groups and sites.');
  next();
}
