import type { NextFunction, Request, Response } from 'express';

/** Background requests (fetch with JSON, the admin API) get JSON errors instead of redirects. */
export function wantsJson(req: Request): boolean {
  return req.xhr || req.path.startsWith('/api/') || req.accepts(['html', 'json']) === 'json';
}

/**
 * Admin pages need a signed-in user with admin access. Until groups land, admin access means
 * superuser (Wagtail gives none to a user without groups or the superuser flag).
 */
export function requireAdmin(req: Request, res: Response, next: NextFunction): void {
  const user = req.user;
  if (!user) {
    if (wantsJson(req)) {
      res.status(401).json({ error: { code: 'not_authenticated', message: 'Authentication credentials were not provided.' } });
      return;
    }
    res.redirect(302, `/wagtail/login/?next=${encodeURIComponent(req.originalUrl)}`);
    return;
  }
  if (!user.is_superuser) {
    if (wantsJson(req)) {
      res.status(403).json({ error: { code: 'permission_denied', message: 'You do not have permission to access the admin.' } });
      return;
    }
    res.status(403).type('text/plain').send('You do not have permission to access the admin.');
    return;
  }
  next();
}
