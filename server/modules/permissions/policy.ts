import type { Db } from '../../db';
import { HttpError } from '../../errors';
import { STEP_LENGTH } from '../../tree-path';
import { listUserPagePermissions, userHasAdminAccessGroup } from './repo';
import { PAGE_PERMISSION_TYPES, type PagePermissionType } from './table';

/**
 * Page permissions with Wagtail's meanings (wagtail.models.PagePermissionTester). Six are granted
 * to groups on a page and cover its whole subtree; the rest are derived:
 * - 'change' also holds on your own pages when you may 'add' there;
 * - 'unpublish' and 'privacy' need 'publish';
 * - 'delete' needs 'bulk_delete' when the page has children, else 'change'; deleting a live
 *   page also needs 'publish' (an editor cannot take content off the site by deleting it);
 * - 'move' needs 'change' on the page and 'add' on the destination (never inside itself);
 * - 'copy' needs 'add' on the destination, and a source the user can see;
 * - 'view' (seeing a page in the explorer) holds for pages inside a granted subtree and for
 *   their ancestors, so the user can navigate down to them.
 * The tree root is never edited, published, moved, copied, locked or deleted, even by superusers.
 */
export type { PagePermissionType };
export type PageAction = PagePermissionType | 'unpublish' | 'delete' | 'move' | 'copy' | 'privacy' | 'view';
export const PAGE_ACTIONS: readonly PageAction[] = [
  ...PAGE_PERMISSION_TYPES,
  'unpublish',
  'delete',
  'move',
  'copy',
  'privacy',
  'view',
];

/** The fields of a page the checks read. `live` and `locked_by_id` refine delete and unlock when given. */
export type PageRef = {
  id: number;
  path: string;
  owner_id: number | null;
  numchild: number;
  live?: boolean;
  locked_by_id?: number | null;
};

/** Options of the actions that involve a second page. */
export type ActionTarget = { destination?: Pick<PageRef, 'id' | 'path' | 'owner_id' | 'numchild'> };

export type PermissionUser = { id: number; is_superuser: boolean; is_active?: boolean };

export interface UserPagePermissions {
  readonly userId: number;
  readonly isSuperuser: boolean;
  /** The permission types granted on this page or one of its ancestors. */
  permissionsOn(page: Pick<PageRef, 'path'>): ReadonlySet<PagePermissionType>;
  can(action: PageAction, page: PageRef, target?: ActionTarget): boolean;
  /** Paths of the pages where a grant starts (null: everything, for superusers). */
  explorablePaths(): string[] | null;
  /** Paths where a given permission is granted (null: everywhere). */
  pathsWith(permission: PagePermissionType): string[] | null;
  /** Whether the user holds any page permission at all. */
  hasAnyPagePermission(): boolean;
  /**
   * Which children of `parent` the explorer shows: undefined for all of them (the parent is inside
   * a granted subtree, or the user is a superuser), else the paths of the children that are granted
   * pages or their ancestors (possibly none).
   */
  visibleChildPaths(parent: Pick<PageRef, 'path'> & { depth: number }): string[] | undefined;
}

const isRoot = (page: Pick<PageRef, 'path'>) => page.path.length <= STEP_LENGTH;
const inSubtree = (path: string, rootPath: string) => path.startsWith(rootPath);

/** Keeps only the topmost paths: a grant inside another grant's subtree adds nothing to explore. */
function topmost(paths: Iterable<string>): string[] {
  const sorted = [...new Set(paths)].sort();
  const out: string[] = [];
  for (const path of sorted) if (!out.some((kept) => path.startsWith(kept))) out.push(path);
  return out;
}

export function buildPagePermissions(
  user: PermissionUser,
  grants: Array<{ permission_type: PagePermissionType; path: string }>,
): UserPagePermissions {
  const active = user.is_active !== false;
  const superuser = active && user.is_superuser;
  const effective = active ? grants : [];

  const permissionsOn = (page: Pick<PageRef, 'path'>): Set<PagePermissionType> => {
    if (superuser) return new Set(PAGE_PERMISSION_TYPES);
    const out = new Set<PagePermissionType>();
    for (const grant of effective) if (inSubtree(page.path, grant.path)) out.add(grant.permission_type);
    return out;
  };

  const canChange = (page: PageRef, perms: ReadonlySet<PagePermissionType>) =>
    !isRoot(page) && (perms.has('change') || (perms.has('add') && page.owner_id === user.id));

  const can = (action: PageAction, page: PageRef, target?: ActionTarget): boolean => {
    const perms = permissionsOn(page);
    switch (action) {
      case 'view':
        return superuser || perms.size > 0 || effective.some((grant) => inSubtree(grant.path, page.path));
      case 'add':
        return perms.has('add');
      case 'change':
        return canChange(page, perms);
      case 'publish':
      case 'unpublish':
      case 'privacy':
        return !isRoot(page) && perms.has('publish');
      case 'lock':
        return !isRoot(page) && perms.has('lock');
      case 'unlock':
        // The holder of a lock may always release it (Wagtail's can_unlock).
        return !isRoot(page) && (perms.has('unlock') || (page.locked_by_id != null && page.locked_by_id === user.id));
      case 'bulk_delete':
        return !isRoot(page) && perms.has('bulk_delete');
      case 'delete': {
        if (isRoot(page)) return false;
        if (page.numchild > 0 && !perms.has('bulk_delete')) return false;
        if (!canChange(page, perms)) return false;
        return page.live !== true || perms.has('publish');
      }
      case 'move': {
        if (isRoot(page) || !canChange(page, perms)) return false;
        const destination = target?.destination;
        if (!destination) return true;
        if (inSubtree(destination.path, page.path)) return false;
        return permissionsOn(destination).has('add');
      }
      case 'copy': {
        // The source must be one the user can see in the explorer; the copy needs 'add' where it lands.
        if (isRoot(page) || !can('view', page)) return false;
        const destination = target?.destination;
        if (!destination) return superuser || effective.some((grant) => grant.permission_type === 'add');
        return permissionsOn(destination).has('add');
      }
    }
  };

  const pathsWith = (permission: PagePermissionType) =>
    superuser
      ? null
      : topmost(effective.filter((grant) => grant.permission_type === permission).map((grant) => grant.path));

  return {
    userId: user.id,
    isSuperuser: superuser,
    permissionsOn,
    can,
    explorablePaths: () => (superuser ? null : topmost(effective.map((grant) => grant.path))),
    pathsWith,
    hasAnyPagePermission: () => superuser || effective.length > 0,
    visibleChildPaths: (parent) => {
      if (superuser || effective.some((grant) => inSubtree(parent.path, grant.path))) return undefined;
      const childLength = (parent.depth + 1) * STEP_LENGTH;
      const below = effective.filter((grant) => grant.path.length >= childLength && inSubtree(grant.path, parent.path));
      return [...new Set(below.map((grant) => grant.path.slice(0, childLength)))].sort();
    },
  };
}

/** Loads a user's page permissions once; call per request and reuse for every check. */
export async function pagePermissions(db: Db, user: PermissionUser): Promise<UserPagePermissions> {
  const grants = user.is_superuser ? [] : await listUserPagePermissions(db, user.id);
  return buildPagePermissions(user, grants);
}

export function forbidden(message = 'You do not have permission to do this.'): HttpError {
  return new HttpError(403, 'forbidden', message);
}

/** Throws 403 unless the user may do `action` on `page`. */
export async function assertCan(
  db: Db,
  user: PermissionUser,
  action: PageAction,
  page: PageRef,
  target?: ActionTarget,
): Promise<void> {
  const permissions = await pagePermissions(db, user);
  if (!permissions.can(action, page, target)) throw forbidden();
}

/** Admin access: superusers and members of a group with the admin-access flag (Wagtail's access_admin). */
export async function hasAdminAccess(db: Db, user: PermissionUser): Promise<boolean> {
  if (user.is_active === false) return false;
  if (user.is_superuser) return true;
  return userHasAdminAccessGroup(db, user.id);
}
