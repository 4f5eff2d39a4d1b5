import type { Request, Response } from 'express';
import { parseOr400 } from '../../../http/validate';
import { sendSpreadsheet } from '../../../http/spreadsheet-download';
import { bulkIdsSchema, pkParamsSchema } from '../../../../shared/schemas/viewset';
import { InspectScreen } from '../../../../views/admin/viewset/InspectScreen';
import { csrfTokenFor } from '../../auth/csrf';
import { permissionsFor } from '../../permissions/request';
import { setFlash, takeFlash } from '../flash';
import { formBody } from '../form-input';
import { adminScreen } from '../screen';
import { listUrlOf, type AnyViewSet, type ViewSetContext, type ViewSetRow } from './definition';
import { sectionOf } from './form';
import { listViewerOf } from './list';
import { assertOwnRow, parentOf, scopedUrl } from './parent-scope';
import { mayDo } from './permission-policy';
import * as actions from './service';

type Handler = (req: Request, res: Response) => Promise<void>;

/**
 * The handlers of the inspect screen, of a model's own list screen and of a parent-scoped
 * viewset (its parents' index, its rows' delete), by 'method action' as in the route table. The
 * router (routes.tsx) prefers these to its generic ones; the guard has already checked the
 * declared permission and loaded the parent.
 */
export function scopedHandlers(context: ViewSetContext, viewSet: AnyViewSet): Map<string, Handler> {
  const { db } = context;
  const scope = viewSet.parent;
  const section = sectionOf(viewSet);
  const handlers = new Map<string, Handler>();
  const pkOf = (req: Request) => parseOr400(pkParamsSchema, req.params, `${viewSet.names.name} id`).pk;
  /** The list's URL, with the parent's id when the rows have one. */
  const listUrl = (res: Response) =>
    scope ? scopedUrl(viewSet, listUrlOf(viewSet), scope.idOf(parentOf(res))) : listUrlOf(viewSet);

  if (viewSet.inspectView) {
    const inspect = viewSet.inspectView;
    handlers.set('get inspect', async (req, res) => {
      const row = await actions.getObject(db, viewSet, pkOf(req));
      assertOwnRow(viewSet, res, row);
      const parent = parentOf(res);
      const title = viewSet.title(row);
      const fields = inspect.fields(row);
      const view = {
        title,
        backHref: listUrl(res),
        backLabel: scope ? `Back to ${scope.title(parent)}` : `Back to ${viewSet.names.plural}`,
        fields,
      };
      // A model's own screen (a subscriber with its consent records), or the generic one.
      const element = inspect.render ? await inspect.render({ db, row, fields }) : <InspectScreen view={view} />;
      adminScreen(req, res, { section, title, element });
    });
  }

  if (viewSet.customList) {
    const list = viewSet.customList;
    handlers.set('get list', async (req, res) => {
      // The list is scoped like every store's: to the viewer, and to the URL's parent (a filter under its param).
      const viewer = await listViewerOf(db, req);
      const parentFilter = scope ? { [scope.param]: String(scope.idOf(parentOf(res))) } : {};
      const result = await list.render({
        req,
        parent: parentOf(res),
        may: (action) => mayDo(viewer.models, viewSet, action),
        list: (query) => viewSet.store.list(db, { ...query, filters: { ...query.filters, ...parentFilter } }, viewer),
        csrfToken: csrfTokenFor(req),
        flash: takeFlash(req),
      });
      if ('spreadsheet' in result) return sendSpreadsheet(res, result.spreadsheet);
      adminScreen(req, res, { section, ...result.screen });
    });
  }

  if (scope) {
    const index = scope.index;
    if (index)
      handlers.set('get index', async (req, res) => {
        const element = await index.render({ db, req, pages: await permissionsFor(db, req) });
        adminScreen(req, res, { section, title: index.title, element });
      });

    // The rows ticked on the list, deleted at once: only this parent's rows are touched.
    handlers.set('post delete', async (req, res) => {
      const body = formBody(req.body);
      const ids = viewSet.customList?.selection
        ? viewSet.customList.selection(body)
        : parseOr400(bulkIdsSchema, body, 'selection').id;
      const own = (await actions.getObjects(db, viewSet, ids)).filter(
        (row: ViewSetRow) => scope.parentIdOf(row) === scope.idOf(parentOf(res)),
      );
      const removed =
        own.length === 0
          ? []
          : await actions.deleteObjects(
              context,
              viewSet,
              own.map((row) => row.id),
              { userId: req.user!.id },
            );
      const count = removed.length;
      setFlash(
        req,
        count === 0
          ? `No ${viewSet.names.plural} were selected.`
          : `${count} ${count === 1 ? viewSet.names.name : viewSet.names.plural} deleted.`,
      );
      res.redirect(303, listUrl(res));
    });
  }
  return handlers;
}
