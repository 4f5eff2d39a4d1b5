import type { Request } from 'express';
import type { Db } from '../../db';
import { HttpError } from '../../errors';
import { listUserCollectionPermissions, listUserModelPermissions } from './repo';
import type { CollectionPermissionType, ModelPermissionAction } from './table';
import type { PermissionUser } from './policy';

/**
 * Model permissions (Wagtail's add_/change_/delete_/publish_<model>), granted to groups on the
 * group screen, and collection permissions (add / change / choose media in a collection and its
 * descendants). Superusers hold every one; an inactive user none.
 */
export interface UserModelPermissions {
  readonly isSuperuser: boolean;
  can(model: string, action: ModelPermissionAction): boolean;
  /** Any action on the model (the menu shows the model's entry). */
  canAny(model: string): boolean;
  /** A collection permission on the collection at `path` (granted there or on an ancestor). */
  canInCollection(permission: CollectionPermissionType, collectionPath: string): boolean;
  /**
   * Whether collection grants of this kind let the user use the collection at `path`: they do when
   * granted there or on an ancestor, and a user whose groups grant this kind on no collection at all
   * is not narrowed by collections (their model permission decides). A grant scopes, it never widens.
   */
  collectionAllows(permission: CollectionPermissionType, collectionPath: string): boolean;
}

export function buildModelPermissions(
  user: PermissionUser,
  grants: Array<{ model: string; action: string }>,
  collectionGrants: Array<{ permission: string; path: string }>,
): UserModelPermissions {
  const active = user.is_active !== false;
  const superuser = active && user.is_superuser;
  const held = new Set(active ? grants.map((g) => `${g.model} ${g.action}`) : []);
  const models = new Set(active ? grants.map((g) => g.model) : []);
  const inCollections = active ? collectionGrants : [];
  return {
    isSuperuser: superuser,
    can: (model, action) => superuser || held.has(`${model} ${action}`),
    canAny: (model) => superuser || models.has(model),
    canInCollection: (permission, path) =>
      superuser || inCollections.some((g) => g.permission === permission && path.startsWith(g.path)),
    collectionAllows: (permission, path) =>
      superuser ||
      !inCollections.some((g) => g.permission === permission) ||
      inCollections.some((g) => g.permission === permission && path.startsWith(g.path)),
  };
}

const cache = new WeakMap<Request, Promise<UserModelPermissions>>();

/** The signed-in user's model permissions, loaded once per request (call behind requireAdmin). */
export function modelPermissionsFor(db: Db, req: Request): Promise<UserModelPermissions> {
  const user = req.user;
  if (!user) throw new Error('modelPermissionsFor needs a signed-in user (mount behind requireAdmin)');
  let loaded = cache.get(req);
  if (!loaded) {
    loaded = user.is_superuser
      ? Promise.resolve(buildModelPermissions(user, [], []))
      : Promise.all([listUserModelPermissions(db, user.id), listUserCollectionPermissions(db, user.id)]).then(
          ([grants, collections]) => buildModelPermissions(user, grants, collections),
        );
    cache.set(req, loaded);
  }
  return loaded;
}

/** Throws 403 unless the signed-in user may do `action` on `model`. */
export async function assertModelPermission(
  db: Db,
  req: Request,
  model: string,
  action: ModelPermissionAction,
): Promise<void> {
  const permissions = await modelPermissionsFor(db, req);
  if (!permissions.can(model, action)) throw new HttpError(403, 'forbidden', 'You do not have permission to do this.');
}
