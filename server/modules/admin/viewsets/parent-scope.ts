import type { Request, Response } from 'express';
import * as z from 'zod';
import type { Db } from '../../../db';
import { notFound } from '../../../errors';
import { parseOr400 } from '../../../http/validate';
import { permissionsFor } from '../../permissions/request';
import { modelKey, pathsOf, type ActionPermission, type AnyViewSet, type ViewSetAction } from './definition';

/*
 * Viewsets whose rows belong to one parent (see ParentScope in parent-scope-types.ts): the guard's
 * parent check, row ownership, and the routes the scope adds.
 */

const PARENT_SCOPED_ACTIONS: readonly string[] = ['list', 'export', 'inspect', 'delete'];
const parentIdSchema = z.coerce.number().int().min(1).max(2_147_483_647);
const PARENT_KEY = 'viewSetParent';

/** The base with the parent's id in place of its parameter: '/wagtail/forms/submissions/12/'. */
export function scopedUrl(viewSet: AnyViewSet, url: string, parentId: number): string {
  return viewSet.parent ? url.replace(`:${viewSet.parent.param}`, String(parentId)) : url;
}

/**
 * The guard's second step for a parent-scoped viewset: loads the parent named in the URL (404 when
 * it is not one) and says whether the user may work on its rows. The parent is kept for the handler.
 */
export async function parentAllows(db: Db, viewSet: AnyViewSet, req: Request, res: Response): Promise<boolean> {
  const scope = viewSet.parent;
  if (!scope || req.params[scope.param] === undefined) return true;
  const id = parseOr400(parentIdSchema, req.params[scope.param], `${scope.name} id`);
  const parent = await scope.load(db, id);
  if (!parent) throw notFound(`No ${scope.name} has this id.`);
  res.locals[PARENT_KEY] = parent;
  return scope.permits(await permissionsFor(db, req), parent);
}

/** The parent the guard loaded (undefined for a viewset without one). */
export const parentOf = (res: Response): unknown => res.locals[PARENT_KEY];

/** A row's parent must be the URL's: another parent's row answers 404, as a missing one. */
export function assertOwnRow(viewSet: AnyViewSet, res: Response, row: { id: number }): void {
  const scope = viewSet.parent;
  if (!scope) return;
  if (scope.parentIdOf(row) !== scope.idOf(parentOf(res)))
    throw notFound(`No ${viewSet.names.name} of this ${scope.name} has this id.`);
}

/** The routes a parent-scoped viewset adds: its parents' index, and the delete of the rows ticked on its list. */
export function parentRoutes(
  viewSet: AnyViewSet,
  add: (method: 'get' | 'post', path: string, action: ViewSetAction | 'index', permission: ActionPermission) => void,
  permissionOf: (action: ViewSetAction) => ActionPermission | undefined,
): void {
  const scope = viewSet.parent;
  if (!scope) return;
  // The generic object screens (edit, history...) link to parentless URLs: not offered here, loudly.
  const unsupported = Object.keys(viewSet.permissions).filter((action) => !PARENT_SCOPED_ACTIONS.includes(action));
  if (unsupported.length > 0)
    throw new Error(
      `${modelKey(viewSet)}: rows of a parent offer ${PARENT_SCOPED_ACTIONS.join(', ')}, not ${unsupported.join(', ')}`,
    );
  // The generic list's links (sorting, pages, export) carry no parent: a parent's rows are listed by their own screen.
  if (!viewSet.customList) throw new Error(`${modelKey(viewSet)}: rows of a parent are listed by a customList`);
  const list = permissionOf('list');
  if (scope.index && list) add('get', `/${scope.index.path}`, 'index', list);
  // The list's form posts the ticked rows here; the list screen is the confirmation (Wagtail's forms).
  const remove = permissionOf('delete');
  if (remove && viewSet.bulkDelete !== false)
    add('post', `/${viewSet.base}/${pathsOf(viewSet).list}delete/`, 'delete', remove);
}
