import type { Request } from 'express';
import type { Db } from '../../db';
import { pagePermissions, type UserPagePermissions } from './policy';

// One load of the user's grants per request, however many pages a screen checks.
const cache = new WeakMap<Request, Promise<UserPagePermissions>>();

/** The signed-in user's page permissions for this request (call behind requireAdmin). */
export function permissionsFor(db: Db, req: Request): Promise<UserPagePermissions> {
  const user = req.user;
  if (!user) throw new Error('permissionsFor needs a signed-in user (mount behind requireAdmin)');
  let loaded = cache.get(req);
  if (!loaded) {
    loaded = pagePermissions(db, user);
    cache.set(req, loaded);
  }
  return loaded;
}
