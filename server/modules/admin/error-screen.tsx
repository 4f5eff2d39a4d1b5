import type { NextFunction, Request, Response } from 'express';
import { HttpError, notFound } from '../../errors';
import { ErrorScreen } from '../../../views/admin/ErrorScreen';
import { wantsJson } from '../auth/admin-guard';
import { adminScreen } from './screen';

/** What no admin route answered: a 404 inside the back office (mount last, behind requireAdmin). */
export function adminNotFound(_req: Request, _res: Response, next: NextFunction): void {
  next(notFound('There is nothing at this address in the admin.'));
}

/**
 * 403 and 404 met by a signed-in user on a back-office screen: shown inside the admin shell, with
 * the menu and a way back to the dashboard, instead of the public site's bare error page. Anything
 * else (other statuses, background requests wanting JSON, no user) goes on to the app's error handler.
 */
export function adminErrorScreen(error: unknown, req: Request, res: Response, next: NextFunction): void {
  const status = error instanceof HttpError ? error.status : undefined;
  if ((status !== 403 && status !== 404) || !req.user || wantsJson(req) || res.headersSent) return next(error);
  const title = status === 404 ? 'Page not found' : 'Permission denied';
  adminScreen(req, res, {
    title,
    section: 'error',
    status,
    element: <ErrorScreen status={status} message={(error as HttpError).message} />,
  });
}
