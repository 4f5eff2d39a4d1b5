import express, { type Request, type Response, type Router } from 'express';
import type { Db } from '../../../db';
import { HttpError } from '../../../errors';
import { formErrors, noFormErrors, parseOr400, type FormErrors } from '../../../http/validate';
import type { FormFieldView, FormView } from '../../../../shared/admin/viewset';
import { bulkIdsSchema, formVersionSchema, pkParamsSchema } from '../../../../shared/schemas/viewset';
import { DeleteScreen } from '../../../../views/admin/viewset/DeleteScreen';
import { FormScreen } from '../../../../views/admin/viewset/FormScreen';
import { HistoryScreen, UsageScreen } from '../../../../views/admin/viewset/HistoryScreen';
import { ListScreen } from '../../../../views/admin/viewset/ListScreen';
import { modelHistory } from '../../audit/model-log';
import { csrfTokenFor } from '../../auth/csrf';
import { assertModelPermission, modelPermissionsFor } from '../../permissions/model-policy';
import type { ModelPermissionAction } from '../../permissions/table';
import { setFlash, takeFlash } from '../flash';
import { formBody, userFacingError } from '../form-input';
import { safeNextPath } from '../next-url';
import { adminScreen } from '../screen';
import { listUrlOf, modelKey, pathsOf, urlOf, type AnyViewSet, type ViewSetRow } from './definition';
import { sendSpreadsheet } from '../../../http/spreadsheet-download';
import { bulkDeleteUrlOf, buildListView, readListQuery } from './list';
import * as actions from './service';

const HISTORY_LIMIT = 100;

/** The form's posted text fields, kept as typed (a checkbox is 'on' or ''), so a redisplay loses nothing. */
export function formInputOf(viewSet: AnyViewSet, body: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const field of viewSet.fields) {
    const value = body[field.name];
    if (field.widget === 'checkbox') out[field.name] = value === 'on' ? 'on' : '';
    else out[field.name] = typeof value === 'string' ? value.slice(0, 20_000) : '';
  }
  return out;
}

/** The fields as the form shows them, with choices loaded for this request. */
export async function fieldViews(db: Db, viewSet: AnyViewSet): Promise<FormFieldView[]> {
  return Promise.all(
    viewSet.fields.map(async ({ loadChoices, ...field }) =>
      loadChoices ? { ...field, choices: await loadChoices(db) } : field,
    ),
  );
}

/**
 * Mounts one model's screens (see definition.ts). Route paths are literal strings so the
 * permission matrix test can list them; each handler states the model permission it needs.
 */
export function viewSetRoutes(db: Db, viewSet: AnyViewSet): Router {
  const router = express.Router();
  const model = modelKey(viewSet);
  const base = `/${viewSet.base}/`;
  const paths = pathsOf(viewSet);
  // Snippets share the Snippets menu entry (Wagtail's snippets index).
  const section = viewSet.base.startsWith('snippets/') ? 'snippets' : viewSet.base;
  const heading = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  const pkOf = (req: Request) => parseOr400(pkParamsSchema, req.params, `${viewSet.names.name} id`).pk;
  const actor = (req: Request) => ({ userId: req.user!.id });
  const need = (req: Request, action: ModelPermissionAction) => assertModelPermission(db, req, model, action);
  const needAny = async (req: Request) => {
    if (!(await modelPermissionsFor(db, req)).canAny(model))
      throw new HttpError(403, 'forbidden', 'You do not have permission to do this.');
  };

  const renderForm = async (
    req: Request,
    res: Response,
    args: {
      row?: ViewSetRow;
      values: Record<string, string>;
      errors: FormErrors;
      status?: number;
      conflict?: string;
      version?: number;
    },
  ) => {
    const { row } = args;
    const permissions = await modelPermissionsFor(db, req);
    const links: FormView['links'] = [];
    if (row) {
      links.push({ label: 'History', href: urlOf(viewSet, 'history', row.id) });
      if (viewSet.usage?.list) links.push({ label: 'Usage', href: urlOf(viewSet, 'usage', row.id) });
      for (const link of viewSet.editLinks ?? [])
        if (permissions.can(model, link.action)) links.push({ label: link.label, href: link.href(row.id) });
      if (permissions.can(model, 'delete'))
        links.push({ label: `Delete this ${viewSet.names.name}`, href: urlOf(viewSet, 'delete', row.id) });
    }
    const view: FormView = {
      names: viewSet.names,
      title: row ? `Editing ${viewSet.title(row)}` : `Add ${viewSet.names.name}`,
      action: row ? urlOf(viewSet, 'edit', row.id) : `${listUrlOf(viewSet)}add/`,
      fields: await fieldViews(db, viewSet),
      values: args.values,
      ...args.errors,
      version: row ? (args.version ?? row.version) : undefined,
      conflict: args.conflict,
      backHref: listUrlOf(viewSet),
      links,
      submitLabel: row ? 'Save' : `Add ${viewSet.names.name}`,
      focalPicker: row && viewSet.focalPicker ? viewSet.focalPicker(row) : undefined,
      drafts:
        viewSet.drafts && row
          ? {
              canPublish: permissions.can(model, 'publish'),
              status: 'Draft',
              previewAction: viewSet.drafts.preview ? `${listUrlOf(viewSet)}preview/${row.id}/` : undefined,
            }
          : undefined,
    };
    adminScreen(req, res, {
      section,
      title: view.title,
      element: <FormScreen view={view} csrfToken={csrfTokenFor(req)} message={takeFlash(req)} />,
      status: args.status,
      uploads: view.focalPicker !== undefined,
    });
  };

  /** Parses the posted form with the model's schema; a failure redisplays it (400) and returns undefined. */
  const parseForm = async (
    req: Request,
    res: Response,
    row: ViewSetRow | undefined,
  ): Promise<{ input: unknown; values: Record<string, string> } | undefined> => {
    const values = formInputOf(viewSet, formBody(req.body));
    const parsed = viewSet.schema.safeParse(values);
    if (parsed.success) return { input: parsed.data, values };
    await renderForm(req, res, {
      row,
      values,
      errors: formErrors(
        parsed.error,
        viewSet.fields.map((f) => f.name),
      ),
      status: 400,
      version: versionOf(req),
    });
    return undefined;
  };
  const versionOf = (req: Request) => {
    const parsed = formVersionSchema.safeParse(formBody(req.body).version);
    return parsed.success ? parsed.data : undefined;
  };
  /** A refusal from the store (400) or a stale form (409): the form again with the input kept. */
  const refused = async (
    req: Request,
    res: Response,
    error: unknown,
    row: ViewSetRow | undefined,
    values: Record<string, string>,
  ) => {
    const shown = userFacingError(error);
    if (!shown) throw error;
    if (shown.status === 409 && row) {
      const current = await actions.getObject(db, viewSet, row.id);
      return renderForm(req, res, {
        row: current,
        values,
        errors: noFormErrors(),
        status: 409,
        conflict: shown.message,
        version: current.version,
      });
    }
    await renderForm(req, res, {
      row,
      values,
      errors: formErrors(
        shown,
        viewSet.fields.map((f) => f.name),
      ),
      status: shown.status,
      version: versionOf(req),
    });
  };

  // Permission: any of the model's permissions. `?export=csv|xlsx` downloads the filtered list.
  router.get(base, async (req, res) => {
    await needAny(req);
    const permissions = await modelPermissionsFor(db, req);
    const { exportAs, query } = await readListQuery(db, viewSet, req);
    if (exportAs) {
      const rows = await actions.exportRows((listQuery) => viewSet.store.list(db, listQuery), query);
      const headers = viewSet.columns.map((column) => column.label);
      const cells = rows.map((row) => viewSet.columns.map((column) => column.value(row)));
      await sendSpreadsheet(res, {
        format: exportAs,
        name: viewSet.names.plural,
        sheetName: heading(viewSet.names.plural),
        headers,
        rows: cells,
      });
      return;
    }
    const view = await buildListView(db, viewSet, req, permissions);
    adminScreen(req, res, {
      section,
      title: heading(viewSet.names.plural),
      element: <ListScreen view={view} message={takeFlash(req)} />,
    });
  });

  // Permission: add.
  router.get(`${base}add/`, async (req, res) => {
    await need(req, 'add');
    await renderForm(req, res, { values: { ...viewSet.initialValues }, errors: noFormErrors() });
  });

  // Permission: add.
  router.post(`${base}add/`, async (req, res) => {
    await need(req, 'add');
    const form = await parseForm(req, res, undefined);
    if (!form) return;
    try {
      const row = await actions.createObject(db, viewSet, form.input, actor(req));
      setFlash(req, `${heading(viewSet.names.name)} '${viewSet.title(row)}' added.`);
      res.redirect(303, listUrlOf(viewSet));
    } catch (error) {
      await refused(req, res, error, undefined, form.values);
    }
  });

  // Permission: change.
  router.get(`${base}${paths.edit}`, async (req, res) => {
    await need(req, 'change');
    const row = await actions.getObject(db, viewSet, pkOf(req));
    const draft = await actions.latestDraft(db, viewSet, row);
    const values = draft && viewSet.drafts ? viewSet.drafts.formValues(draft.input) : await viewSet.formValues(row, db);
    await renderForm(req, res, { row, values, errors: noFormErrors() });
  });

  // Permission: change (publishing a model with drafts also needs publish).
  router.post(`${base}${paths.edit}`, async (req, res) => {
    await need(req, 'change');
    const row = await actions.getObject(db, viewSet, pkOf(req));
    const form = await parseForm(req, res, row);
    if (!form) return;
    const version = versionOf(req);
    if (version === undefined)
      return renderForm(req, res, {
        row,
        values: form.values,
        errors: { fieldErrors: {}, nonFieldErrors: ['The form is missing its version: reload it.'] },
        status: 400,
      });
    const body = formBody(req.body);
    const publish = viewSet.drafts !== undefined && body['action-publish'] !== undefined;
    if (publish) await need(req, 'publish');
    try {
      const saved = viewSet.drafts
        ? await actions.saveDraft(db, viewSet, row.id, version, form.input, actor(req), { publish })
        : await actions.updateObject(db, viewSet, row.id, version, form.input, actor(req));
      setFlash(
        req,
        `${heading(viewSet.names.name)} '${viewSet.title(saved)}' ${publish ? 'published' : viewSet.drafts ? 'saved as a draft' : 'updated'}.`,
      );
      res.redirect(303, viewSet.drafts ? urlOf(viewSet, 'edit', row.id) : listUrlOf(viewSet));
    } catch (error) {
      await refused(req, res, error, row, form.values);
    }
  });

  const renderDelete = async (
    req: Request,
    res: Response,
    rows: ViewSetRow[],
    options: { bulk: boolean; next?: string; refusal?: string; status?: number },
  ) => {
    const counts = await actions.usageCounts(db, viewSet, rows);
    const refusal = options.refusal ?? rows.map((row) => viewSet.deleteRefusal?.(row)).find(Boolean);
    const element = (
      <DeleteScreen
        csrfToken={csrfTokenFor(req)}
        view={{
          names: viewSet.names,
          items: rows.map((row) => ({
            id: row.id,
            title: viewSet.title(row),
            usage: counts ? (counts.get(row.id) ?? 0) : null,
            usageHref: viewSet.usage?.list ? urlOf(viewSet, 'usage', row.id) : undefined,
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
      const rows = await actions.deleteObjects(db, viewSet, ids, actor(req));
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

  // Permission: delete.
  router.get(`${base}${paths.delete}`, async (req, res) => {
    await need(req, 'delete');
    await renderDelete(req, res, [await actions.getObject(db, viewSet, pkOf(req))], { bulk: false });
  });

  // Permission: delete.
  router.post(`${base}${paths.delete}`, async (req, res) => {
    await need(req, 'delete');
    const row = await actions.getObject(db, viewSet, pkOf(req));
    await remove(req, res, [row.id], { bulk: false });
  });

  // Permission: any of the model's permissions.
  router.get(`${base}${paths.history}`, async (req, res) => {
    await needAny(req);
    const row = await actions.getObject(db, viewSet, pkOf(req));
    const history = await modelHistory(db, model, row.id, HISTORY_LIMIT);
    const canRevert = viewSet.drafts !== undefined && (await modelPermissionsFor(db, req)).can(model, 'change');
    const entries = history.entries.map((entry) => ({
      ...entry,
      revertAction:
        canRevert && entry.revisionId
          ? `${listUrlOf(viewSet)}revisions/${row.id}/${entry.revisionId}/revert/`
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
  });

  if (viewSet.usage?.list) {
    const listUsage = viewSet.usage.list;
    // Permission: any of the model's permissions.
    router.get(`${base}${paths.usage}`, async (req, res) => {
      await needAny(req);
      const row = await actions.getObject(db, viewSet, pkOf(req));
      const items = await listUsage(db, row);
      adminScreen(req, res, {
        section,
        title: `Usage of ${viewSet.title(row)}`,
        element: (
          <UsageScreen
            view={{ names: viewSet.names, title: viewSet.title(row), items, backHref: urlOf(viewSet, 'edit', row.id) }}
          />
        ),
      });
    });
  }

  if (viewSet.bulkDelete !== false) {
    const bulkPath = bulkDeleteUrlOf(viewSet).slice('/wagtail'.length);
    const readBulk = (values: unknown) => {
      const parsed = parseOr400(bulkIdsSchema, values, 'selection');
      return { ids: parsed.id, next: parsed.next ? safeNextPath(parsed.next, listUrlOf(viewSet)) : undefined };
    };
    // Permission: delete. The confirmation screen for the ticked rows (a GET form from the list).
    router.get(bulkPath, async (req, res) => {
      await need(req, 'delete');
      const { ids, next } = readBulk(req.query);
      const rows = await actions.getObjects(db, viewSet, ids);
      if (rows.length === 0)
        throw new HttpError(404, 'not_found', `The selected ${viewSet.names.plural} no longer exist.`);
      await renderDelete(req, res, rows, { bulk: true, next });
    });

    // Permission: delete.
    router.post(bulkPath, async (req, res) => {
      await need(req, 'delete');
      const { ids, next } = readBulk(formBody(req.body));
      await remove(req, res, ids, { bulk: true, next });
    });
  }

  if (viewSet.drafts) {
    const drafts = viewSet.drafts;
    // Permission: change. Reverting makes the old version the newest draft.
    router.post(`${base}revisions/:pk/:revision_id/revert/`, async (req, res) => {
      await need(req, 'change');
      const row = await actions.getObject(db, viewSet, pkOf(req));
      const revisionId = parseOr400(pkParamsSchema, { pk: req.params.revision_id }, 'revision id').pk;
      await actions.revertToRevision(db, viewSet, row.id, revisionId, actor(req));
      setFlash(
        req,
        `${heading(viewSet.names.name)} '${viewSet.title(row)}' reverted: the old version is now the newest draft.`,
      );
      res.redirect(303, urlOf(viewSet, 'edit', row.id));
    });

    if (drafts.preview) {
      const preview = drafts.preview;
      // Permission: change. Renders the posted form on the real site template; nothing is saved.
      router.post(`${base}preview/:pk/`, async (req, res) => {
        await need(req, 'change');
        const row = await actions.getObject(db, viewSet, pkOf(req));
        const values = formInputOf(viewSet, formBody(req.body));
        const parsed = viewSet.schema.safeParse(values);
        if (!parsed.success)
          return renderForm(req, res, {
            row,
            values,
            errors: formErrors(
              parsed.error,
              viewSet.fields.map((f) => f.name),
            ),
            status: 400,
            version: versionOf(req),
          });
        await preview(req, res, parsed.data, row);
      });
    }
  }
  return router;
}
