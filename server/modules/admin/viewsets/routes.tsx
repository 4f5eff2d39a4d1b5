import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import { HttpError } from '../../../errors';
import { noFormErrors, parseOr400 } from '../../../http/validate';
import { bulkIdsSchema, pkParamsSchema } from '../../../../shared/schemas/viewset';
import { DeleteScreen } from '../../../../views/admin/viewset/DeleteScreen';
import { HistoryScreen, UsageScreen } from '../../../../views/admin/viewset/HistoryScreen';
import { ListScreen } from '../../../../views/admin/viewset/ListScreen';
import { modelHistory } from '../../audit/model-log';
import { csrfTokenFor } from '../../auth/csrf';
import { modelPermissionsFor } from '../../permissions/model-policy';
import { setFlash, takeFlash } from '../flash';
import { formBody, userFacingError } from '../form-input';
import { safeNextPath } from '../next-url';
import { adminScreen } from '../screen';
import {
  baseUrlOf,
  listUrlOf,
  modelKey,
  urlOf,
  type AnyViewSet,
  type ViewSetAction,
  type ViewSetContext,
  type ViewSetRow,
} from './definition';
import { sendSpreadsheet } from '../../../http/spreadsheet-download';
import { sectionOf, viewSetForms } from './form';
import { bulkEditHandlers } from './bulk-routes';
import { bulkDeleteUrlOf, buildListView, listViewerOf, readListQuery } from './list';
import { mayDo, permits } from './permission-policy';
import { viewSetRouteTable, type ViewSetRoute } from './route-table';
import * as actions from './service';
import { parentAllows } from './parent-scope';
import { scopedHandlers } from './scoped-routes';

const HISTORY_LIMIT = 100;

type Handler = (req: Request, res: Response) => Promise<void>;

/**
 * Mounts one model's screens (see definition.ts): exactly the routes of its route table, each
 * behind a guard that checks the permission the declaration names for its action. Handlers do
 * not check permissions themselves (publishing from the edit form asks for 'publish' as well).
 * The context is the app's (database, media storage, renderer): hooks that need it receive it.
 */
export function viewSetRoutes(context: ViewSetContext, viewSet: AnyViewSet): Router {
  const { db } = context;
  const router = express.Router();
  const model = modelKey(viewSet);
  const section = sectionOf(viewSet);
  const forms = viewSetForms(db, viewSet);
  const heading = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  const pkOf = (req: Request) => parseOr400(pkParamsSchema, req.params, `${viewSet.names.name} id`).pk;
  const actor = (req: Request) => ({ userId: req.user!.id });
  const forbidden = () => new HttpError(403, 'forbidden', 'You do not have permission to do this.');

  const renderDelete = async (
    req: Request,
    res: Response,
    rows: ViewSetRow[],
    options: { bulk: boolean; next?: string; refusal?: string; status?: number },
  ) => {
    const counts = await actions.usageCounts(db, viewSet, rows);
    const refusal = options.refusal ?? rows.map((row) => viewSet.deleteRefusal?.(row)).find(Boolean);
    const canSeeUsage = mayDo(await modelPermissionsFor(db, req), viewSet, 'usage');
    const element = (
      <DeleteScreen
        csrfToken={csrfTokenFor(req)}
        view={{
          names: viewSet.names,
          items: rows.map((row) => ({
            id: row.id,
            title: viewSet.title(row),
            usage: counts ? (counts.get(row.id) ?? 0) : null,
            usageHref: canSeeUsage ? urlOf(viewSet, 'usage', row.id) : undefined,
          })),
          action: options.bulk ? bulkDeleteUrlOf(viewSet) : urlOf(viewSet, 'delete', rows[0]!.id),
          cancelHref: options.next ?? listUrlOf(viewSet),
          next: options.next,
          refusal,
        }}
      />
    );
    adminScreen(req, res, {
      section,
      title: `Delete ${rows.length === 1 ? viewSet.title(rows[0]!) : viewSet.names.plural}`,
      element,
      status: options.status,
    });
  };
  const remove = async (req: Request, res: Response, ids: number[], options: { bulk: boolean; next?: string }) => {
    try {
      const rows = await actions.deleteObjects(context, viewSet, ids, actor(req));
      setFlash(
        req,
        rows.length === 1
          ? `${heading(viewSet.names.name)} '${viewSet.title(rows[0]!)}' deleted.`
          : `${rows.length} ${viewSet.names.plural} deleted.`,
      );
      res.redirect(303, options.next ?? listUrlOf(viewSet));
    } catch (error) {
      const shown = userFacingError(error);
      if (!shown) throw error;
      await renderDelete(req, res, await actions.getObjects(db, viewSet, ids), {
        ...options,
        refusal: shown.message,
        status: shown.status,
      });
    }
  };
  const readBulk = (values: unknown) => {
    const parsed = parseOr400(bulkIdsSchema, values, 'selection');
    return { ids: parsed.id, next: parsed.next ? safeNextPath(parsed.next, listUrlOf(viewSet)) : undefined };
  };

  /** The handler of each route of the table, by 'method action' (the list also answers `?export=`). */
  const handlers: Partial<Record<`${'get' | 'post'} ${ViewSetAction}`, Handler>> = {
    'get list': async (req, res) => {
      const { exportAs, query } = await readListQuery(db, viewSet, req);
      const viewer = await listViewerOf(db, req);
      const title = viewSet.heading ?? heading(viewSet.names.plural);
      if (exportAs) {
        const rows = await actions.exportRows((listQuery) => viewSet.store.list(db, listQuery, viewer), query);
        await sendSpreadsheet(res, {
          format: exportAs,
          name: viewSet.exportName ?? viewSet.names.plural,
          sheetName: title,
          headers: viewSet.columns.map((column) => column.label),
          rows: rows.map((row) => viewSet.columns.map((column) => column.value(row))),
        });
        return;
      }
      const view = await buildListView(db, viewSet, req, viewer);
      adminScreen(req, res, {
        section,
        title,
        // The token serves row actions that post (a report's Unlock).
        element: <ListScreen view={view} message={takeFlash(req)} csrfToken={csrfTokenFor(req)} />,
      });
    },

    'get add': async (req, res) => {
      await forms.render(req, res, { values: await forms.initialValues(undefined), errors: noFormErrors() });
    },

    'post add': async (req, res) => {
      const form = await forms.parse(req, res, undefined);
      if (!form) return;
      try {
        const row = await actions.createObject(db, viewSet, form.input, actor(req));
        setFlash(req, `${heading(viewSet.names.name)} '${viewSet.title(row)}' created.`);
        res.redirect(303, listUrlOf(viewSet));
      } catch (error) {
        await forms.refused(req, res, error, undefined, form.body);
      }
    },

    'get edit': async (req, res) => {
      const row = await actions.getObject(db, viewSet, pkOf(req));
      await forms.render(req, res, { row, values: await forms.initialValues(row), errors: noFormErrors() });
    },

    'post edit': async (req, res) => {
      const row = await actions.getObject(db, viewSet, pkOf(req));
      const form = await forms.parse(req, res, row);
      if (!form) return;
      // A versioned row's form carries the version it was opened on (stale-form check).
      const version = forms.versionOf(req);
      if (row.version !== undefined && version === undefined)
        return forms.render(req, res, {
          row,
          values: await forms.keptValues(form.body),
          errors: { fieldErrors: {}, nonFieldErrors: ['The form is missing its version: reload it.'] },
          status: 400,
        });
      const publish = viewSet.drafts !== undefined && form.body['action-publish'] !== undefined;
      if (publish && !mayDo(await modelPermissionsFor(db, req), viewSet, 'publish')) throw forbidden();
      try {
        const saved = viewSet.drafts
          ? await actions.saveDraft(db, viewSet, row.id, version!, form.input, actor(req), { publish })
          : await actions.updateObject(db, viewSet, row.id, version, form.input, actor(req));
        const outcome = publish ? 'published' : viewSet.drafts ? 'saved as a draft' : 'updated';
        setFlash(req, `${heading(viewSet.names.name)} '${viewSet.title(saved)}' ${outcome}.`);
        res.redirect(303, viewSet.drafts ? urlOf(viewSet, 'edit', row.id) : listUrlOf(viewSet));
      } catch (error) {
        await forms.refused(req, res, error, row, form.body);
      }
    },

    'get delete': async (req, res) => {
      const bulk = req.params.pk === undefined;
      if (!bulk) return renderDelete(req, res, [await actions.getObject(db, viewSet, pkOf(req))], { bulk: false });
      const { ids, next } = readBulk(req.query);
      const rows = await actions.getObjects(db, viewSet, ids);
      if (rows.length === 0)
        throw new HttpError(404, 'not_found', `The selected ${viewSet.names.plural} no longer exist.`);
      await renderDelete(req, res, rows, { bulk: true, next });
    },

    'post delete': async (req, res) => {
      if (req.params.pk !== undefined) {
        const row = await actions.getObject(db, viewSet, pkOf(req));
        return remove(req, res, [row.id], { bulk: false });
      }
      const { ids, next } = readBulk(formBody(req.body));
      await remove(req, res, ids, { bulk: true, next });
    },

    'get history': async (req, res) => {
      const row = await actions.getObject(db, viewSet, pkOf(req));
      const history = await modelHistory(db, model, row.id, HISTORY_LIMIT);
      const canRevert = mayDo(await modelPermissionsFor(db, req), viewSet, 'revert');
      const entries = history.entries.map((entry) => ({
        ...entry,
        revertAction:
          canRevert && entry.revisionId
            ? `${baseUrlOf(viewSet)}revisions/${row.id}/${entry.revisionId}/revert/`
            : undefined,
      }));
      const element = (
        <HistoryScreen
          csrfToken={csrfTokenFor(req)}
          view={{
            names: viewSet.names,
            title: viewSet.title(row),
            entries,
            total: history.total,
            backHref: urlOf(viewSet, 'edit', row.id),
          }}
        />
      );
      adminScreen(req, res, { section, title: `History of ${viewSet.title(row)}`, element });
    },

    'get usage': async (req, res) => {
      const row = await actions.getObject(db, viewSet, pkOf(req));
      const items = (await viewSet.usage?.list?.(db, row)) ?? [];
      adminScreen(req, res, {
        section,
        title: `Usage of ${viewSet.title(row)}`,
        element: (
          <UsageScreen
            view={{ names: viewSet.names, title: viewSet.title(row), items, backHref: urlOf(viewSet, 'edit', row.id) }}
          />
        ),
      });
    },

    'post revert': async (req, res) => {
      const row = await actions.getObject(db, viewSet, pkOf(req));
      const revisionId = parseOr400(pkParamsSchema, { pk: req.params.revision_id }, 'revision id').pk;
      await actions.revertToRevision(db, viewSet, row.id, revisionId, actor(req));
      setFlash(
        req,
        `${heading(viewSet.names.name)} '${viewSet.title(row)}' reverted: the old version is now the newest draft.`,
      );
      res.redirect(303, urlOf(viewSet, 'edit', row.id));
    },

    'post preview': async (req, res) => {
      const row = await actions.getObject(db, viewSet, pkOf(req));
      const form = await forms.parse(req, res, row);
      if (form) await viewSet.drafts!.preview!(context, req, res, form.input, row);
    },
  };
  const extraHandlers = new Map<string, Handler>([
    ...(viewSet.extraRoutes ?? []).map((extra): [string, Handler] => [
      `${extra.method} ${extra.name}`,
      (req, res) => extra.handle({ db, req, res, pk: pkOf(req), actor: actor(req) }),
    ]),
    // Add to collection, add tags (bulk-routes.tsx).
    ...bulkEditHandlers(context, viewSet),
  ]);

  /** Checks the permission of the route's entry: the one whose query parameter is present, else the plain one. */
  const guard =
    (entries: ViewSetRoute[]): RequestHandler =>
    async (req: Request, res: Response, next: NextFunction) => {
      const query = req.query as Record<string, unknown>;
      const entry = entries.find((e) => e.query && query[e.query.name] !== undefined) ?? entries.find((e) => !e.query)!;
      if (!permits(await modelPermissionsFor(db, req), entry.model, entry.permission)) throw forbidden();
      // Rows of a parent (a form page's submissions): the parent must exist and let the user in.
      if (!(await parentAllows(db, viewSet, req, res))) throw forbidden();
      next();
    };

  const scoped = scopedHandlers(context, viewSet);
  const table = viewSetRouteTable(viewSet);
  for (const entry of table) {
    if (entry.query) continue; // served by the plain route of the same method and path
    const handler =
      scoped.get(`${entry.method} ${entry.action}`) ??
      handlers[`${entry.method} ${entry.action}` as keyof typeof handlers] ??
      extraHandlers.get(`${entry.method} ${entry.action}`);
    if (!handler) throw new Error(`${model}: no handler for ${entry.method} ${entry.action}`);
    const sharing = table.filter((e) => e.method === entry.method && e.path === entry.path);
    router[entry.method](entry.path, guard(sharing), handler);
  }
  return router;
}
