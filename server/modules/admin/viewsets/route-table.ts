import { bulkActionUrlOf, bulkDeleteUrlOf } from './list';
import { pathsOf, VIEWSET_ACTIONS, type ActionPermission, type AnyViewSet, type ViewSetAction } from './definition';
import { offeredBulkActions, offers, permissionModelOf, permissionOf } from './permission-policy';
import { parentRoutes } from './parent-scope';

/** One route a viewset serves, with the action it performs and what that needs. */
export type ViewSetRoute = {
  method: 'get' | 'post';
  /** As registered on the admin router (mounted at /wagtail): '/redirects/:pk/'. */
  path: string;
  /** A viewset action, or the name of one of the model's extra routes ('deactivate'). */
  action: ViewSetAction | string;
  /** The model `permission` is checked on: the viewset's own, or its `permissionModel`. */
  model: string;
  permission: ActionPermission;
  /**
   * This entry applies when the query names this parameter (the list's `?export=csv`); the entry
   * of the same method and path without it applies otherwise. `example` is a valid value.
   */
  query?: { name: string; example: string };
};

/**
 * Every route of a viewset, read from its declaration: the router mounts exactly these (with a
 * guard checking `permission`), and the permission-matrix test enumerates them.
 */
export function viewSetRouteTable(viewSet: AnyViewSet): ViewSetRoute[] {
  const base = `/${viewSet.base}/`;
  const paths = pathsOf(viewSet);
  const routes: ViewSetRoute[] = [];
  const model = permissionModelOf(viewSet);
  const add = (method: 'get' | 'post', path: string, action: ViewSetAction, query?: ViewSetRoute['query']) => {
    if (offers(viewSet, action))
      routes.push({ method, path, action, model, permission: permissionOf(viewSet, action), query });
  };
  add('get', `${base}${paths.list}`, 'list');
  add('get', `${base}${paths.list}`, 'export', { name: 'export', example: 'csv' });
  add('get', `${base}${paths.add}`, 'add');
  add('post', `${base}${paths.add}`, 'add');
  add('get', `${base}${paths.edit}`, 'edit');
  add('post', `${base}${paths.edit}`, 'edit');
  if (!viewSet.parent) {
    // Rows of a parent are deleted from their list only (parent-scope.ts).
    add('get', `${base}${paths.delete}`, 'delete');
    add('post', `${base}${paths.delete}`, 'delete');
  }
  add('get', `${base}${paths.history}`, 'history');
  add('get', `${base}${paths.usage}`, 'usage');
  add('get', `${base}${paths.inspect}`, 'inspect');
  if (viewSet.bulkDelete !== false && !viewSet.parent) {
    // The confirmation screen for the ticked rows (a GET form from the list), and the delete.
    const bulkPath = bulkDeleteUrlOf(viewSet).slice('/wagtail'.length);
    add('get', bulkPath, 'delete');
    add('post', bulkPath, 'delete');
  }
  // The other bulk actions (add to collection, add tags): the confirmation screen and the change.
  for (const bulk of offeredBulkActions(viewSet)) {
    // Handlers are found by action name: a bulk action named like a viewset action would take its place.
    if ((VIEWSET_ACTIONS as readonly string[]).includes(bulk.name))
      throw new Error(`${viewSet.model}: the bulk action '${bulk.name}' is named like a viewset action`);
    const path = bulkActionUrlOf(viewSet, bulk.name).slice('/wagtail'.length);
    for (const method of ['get', 'post'] as const)
      routes.push({ method, path, action: bulk.name, model, permission: bulk.permission });
  }
  // Reverting makes an old version the newest draft; preview renders the posted form, saving nothing.
  add('post', `${base}revisions/:pk/:revision_id/revert/`, 'revert');
  add('post', `${base}preview/:pk/`, 'preview');
  parentRoutes(
    viewSet,
    (method, path, action, permission) => routes.push({ method, path, action, model, permission }),
    (action) => (offers(viewSet, action) ? permissionOf(viewSet, action) : undefined),
  );
  for (const extra of viewSet.extraRoutes ?? [])
    routes.push({
      method: extra.method,
      path: `${base}${extra.path}`,
      action: extra.name,
      model,
      permission: extra.permission,
    });
  return routes;
}
