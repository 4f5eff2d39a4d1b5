import type { NextFunction, Request, Response } from 'express';
import type { Db } from '../../db';
import { modelPermissionsFor, type UserModelPermissions } from '../permissions/model-policy';
import { wantsJson } from '../auth/admin-guard';
import { MENU_KEY } from './screen';

/** One main-menu entry of an area (redirects, collections, settings...), shown to those who may open it. */
export type MenuEntry = {
  key: string;
  href: string;
  label: string;
  order: number;
  visible(permissions: UserModelPermissions): boolean;
};

/**
 * Puts the areas the signed-in user may open into res.locals for adminScreen's shell. One load of
 * the user's model permissions per request (shared with the routes' checks). Mount behind requireAdmin.
 */
export function provideAdminMenu(db: Db, entries: readonly MenuEntry[]) {
  const sorted = [...entries].sort((a, b) => a.order - b.order);
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    // Background requests (pings, autosave, the API) render no menu.
    if (wantsJson(req)) return next();
    const permissions = await modelPermissionsFor(db, req);
    res.locals[MENU_KEY] = sorted
      .filter((entry) => entry.visible(permissions))
      .map(({ key, href, label }) => ({ key, href, label }));
    next();
  };
}
