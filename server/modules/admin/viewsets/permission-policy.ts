import type { UserModelPermissions } from '../../permissions/model-policy';
import { MODEL_PERMISSION_ACTIONS, type ModelPermissionAction } from '../../permissions/table';
import {
  modelKey,
  type ActionPermission,
  type AnyViewSet,
  type PermissionPolicy,
  type ViewSetAction,
  type ViewSetBulkAction,
} from './definition';
import { formlessOffers, hasForm } from './formless';
import { isListOnly } from './list-only';

/**
 * Permissions as data (Wagtail's `permission_policy`): each viewset declares, per action, what
 * the action needs. The route guard, the menu, the buttons and links of the screens, the group
 * screen's grantable permissions and the permission-matrix test all read that declaration through
 * the functions here, so no handler, menu entry or test repeats it.
 * See docs/decisions/2026-11-29-viewset-permissions-as-data.md.
 */

/** Wagtail's ModelPermissionPolicy: a model permission per action; reading needs any of them. */
export const MODEL_PERMISSION_POLICY = {
  list: 'any',
  export: 'any',
  history: 'any',
  usage: 'any',
  add: 'add',
  edit: 'change',
  delete: 'delete',
  publish: 'publish',
  revert: 'change',
  preview: 'change',
  inspect: 'any',
} as const satisfies PermissionPolicy;

/** Only superusers, for the listed actions (users, groups, sites: Wagtail's Settings for administrators). */
export function superuserPolicy(actions: readonly ViewSetAction[]): PermissionPolicy {
  return Object.fromEntries(actions.map((action) => [action, 'superuser' as const]));
}

/** Whether someone holding `permissions` has what `needed` names on `model`. */
export function permits(permissions: UserModelPermissions, model: string, needed: ActionPermission): boolean {
  // Every admin route is behind requireAdmin: whoever reaches the check has back-office access.
  if (needed === 'admin') return true;
  if (needed === 'superuser') return permissions.isSuperuser;
  if (needed === 'any') return permissions.canAny(model);
  return permissions.can(model, needed);
}

/**
 * Whether the viewset serves the action at all: it is declared in its permissions and the model
 * has what the action works on (a form, drafts to publish or revert, a preview, a usage list, an
 * inspect screen).
 */
export function offers(viewSet: AnyViewSet, action: ViewSetAction): boolean {
  if (viewSet.permissions[action] === undefined) return false;
  if (isListOnly(viewSet) && action !== 'list' && action !== 'export') return false;
  if (!hasForm(viewSet) && !formlessOffers(action)) return false;
  switch (action) {
    case 'publish':
    case 'revert':
      return viewSet.drafts !== undefined;
    case 'preview':
      return viewSet.drafts?.preview !== undefined;
    case 'usage':
      return viewSet.usage?.list !== undefined;
    case 'export':
      return viewSet.permissions.list !== undefined;
    case 'delete':
      return 'remove' in viewSet.store && viewSet.store.remove !== undefined;
    case 'inspect':
      return viewSet.inspectView !== undefined;
    default:
      return true;
  }
}

/**
 * The bulk actions the viewset serves: those declared whose field is one of the model's form
 * fields (a model without tags gets no Add tags), on a model with an edit form to save through.
 */
export function offeredBulkActions(viewSet: AnyViewSet): ViewSetBulkAction[] {
  if (isListOnly(viewSet) || !viewSet.fields || !offers(viewSet, 'edit')) return [];
  const fields = new Set(viewSet.fields.map((field) => field.name));
  return (viewSet.bulkActions ?? []).filter((action) => fields.has(action.field));
}

/** Whether this user may use the bulk action on the model (its declared permission): the list's button. */
export function mayBulk(permissions: UserModelPermissions, viewSet: AnyViewSet, action: ViewSetBulkAction): boolean {
  return permits(permissions, permissionModelOf(viewSet), action.permission);
}

/** What the action needs; throws for an action the viewset does not offer (a route without a rule). */
export function permissionOf(viewSet: AnyViewSet, action: ViewSetAction): ActionPermission {
  const needed = viewSet.permissions[action];
  if (needed === undefined || !offers(viewSet, action))
    throw new Error(`${modelKey(viewSet)} does not offer the '${action}' action`);
  return needed;
}

/** The model whose permissions the viewset's policy names: its own, or its `permissionModel` (embeds: the site settings). */
export const permissionModelOf = (viewSet: AnyViewSet) => viewSet.permissionModel ?? modelKey(viewSet);

/** Whether this user may do the action on the viewset's model (false for an action not offered): buttons, links, menus. */
export function mayDo(permissions: UserModelPermissions, viewSet: AnyViewSet, action: ViewSetAction): boolean {
  return offers(viewSet, action) && permits(permissions, permissionModelOf(viewSet), permissionOf(viewSet, action));
}

/**
 * The model permissions a group can be granted on this model: those some offered action (or a
 * list action or edit link) needs, in Wagtail's order. Empty for a superuser-only model.
 */
export function grantableActions(viewSet: AnyViewSet): ModelPermissionAction[] {
  // Permissions of another model are granted on that model's row, not this one's.
  if (viewSet.permissionModel !== undefined) return [];
  const needed = new Set<ActionPermission>([
    ...(Object.keys(viewSet.permissions) as ViewSetAction[])
      .filter((action) => offers(viewSet, action))
      .map((action) => permissionOf(viewSet, action)),
    ...(viewSet.listActions ?? []).map((action) => action.permission),
    ...(viewSet.editLinks ?? []).map((link) => link.permission),
    ...(viewSet.extraRoutes ?? []).map((route) => route.permission),
    ...offeredBulkActions(viewSet).map((action) => action.permission),
  ]);
  return MODEL_PERMISSION_ACTIONS.filter((action) => needed.has(action));
}
