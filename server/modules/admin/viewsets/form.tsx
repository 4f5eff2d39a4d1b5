import type { Request, Response } from 'express';
import type { Db } from '../../../db';
import { formErrors, type FormErrors } from '../../../http/validate';
import type { FormFieldView, FormView } from '../../../../shared/admin/viewset';
import { formVersionSchema } from '../../../../shared/schemas/viewset';
import { FormScreen } from '../../../../views/admin/viewset/FormScreen';
import { csrfTokenFor } from '../../auth/csrf';
import { modelPermissionsFor } from '../../permissions/model-policy';
import { takeFlash } from '../flash';
import { formBody, userFacingError } from '../form-input';
import { adminScreen } from '../screen';
import {
  addUrlOf,
  baseUrlOf,
  listUrlOf,
  modelKey,
  urlOf,
  type AnyViewSet,
  type ViewSetField,
  type ViewSetRow,
} from './definition';
import { mayDo, permits } from './permission-policy';
import * as actions from './service';

/** The form's posted text fields, kept as typed (a checkbox is 'on' or ''), so a redisplay loses nothing. */
export function formInputOf(fields: readonly ViewSetField[], body: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const field of fields) {
    const value = body[field.name];
    if (field.widget === 'checkbox') out[field.name] = value === 'on' ? 'on' : '';
    else out[field.name] = typeof value === 'string' ? value.slice(0, 20_000) : '';
  }
  return out;
}

/** The fields as the form shows them, with choices loaded for this request. */
export async function fieldViews(db: Db, fields: readonly ViewSetField[]): Promise<FormFieldView[]> {
  return Promise.all(
    fields.map(async ({ loadChoices, ...field }) =>
      loadChoices ? { ...field, choices: await loadChoices(db) } : field,
    ),
  );
}

/** The menu entry a viewset's screens light up: snippets share the Snippets entry (Wagtail's snippets index). */
export const sectionOf = (viewSet: AnyViewSet) =>
  viewSet.section ?? (viewSet.base.startsWith('snippets/') ? 'snippets' : viewSet.base);

export type FormRender = {
  row?: ViewSetRow;
  /** The form's values: text fields by name for declared fields, the model's own shape for a custom form. */
  values: unknown;
  errors: FormErrors;
  status?: number;
  conflict?: string;
  version?: number;
  /** What a form-changing button did (a redisplay), shown where the flash message goes. */
  announce?: string;
};

/**
 * A viewset's add and edit forms: the declared fields on the generic FormScreen, or the model's
 * own form (`customForm`). The routes use these the same way for both.
 */
export function viewSetForms(db: Db, viewSet: AnyViewSet) {
  const model = modelKey(viewSet);
  const custom = viewSet.customForm;
  const fieldNames: readonly string[] = custom ? custom.fieldNames : (viewSet.fields ?? []).map((f) => f.name);
  const titleOf = (row: ViewSetRow | undefined) =>
    row ? `Editing ${viewSet.title(row)}` : `Add ${viewSet.names.name}`;

  /** What the add form (no row) or the edit form opens with; a model with drafts opens on its newest draft. */
  const initialValues = async (row: ViewSetRow | undefined): Promise<unknown> => {
    if (custom) return custom.values(db, row);
    if (!row) return { ...viewSet.initialValues };
    const draft = await actions.latestDraft(db, viewSet, row);
    return draft && viewSet.drafts ? viewSet.drafts.formValues(draft.input) : viewSet.formValues!(row, db);
  };

  /** What was posted, as the form shows it again. */
  const keptValues = async (body: Record<string, unknown>): Promise<unknown> =>
    custom ? custom.kept(db, body) : formInputOf(viewSet.fields ?? [], body);

  const render = async (req: Request, res: Response, args: FormRender) => {
    const { row } = args;
    const permissions = await modelPermissionsFor(db, req);
    if (custom) {
      const extraActions: Record<string, string> = {};
      for (const extra of viewSet.extraRoutes ?? [])
        if (row && permits(permissions, model, extra.permission))
          extraActions[extra.name] = `${baseUrlOf(viewSet)}${extra.path.replace(':pk', String(row.id))}`;
      const element = await custom.render(db, {
        row,
        values: args.values,
        fieldErrors: args.errors.fieldErrors,
        // A model's own form has no conflict banner: a refusal of the saved object (a stale form,
        // a disabled workflow) is shown above the form.
        nonFieldErrors: args.conflict ? [...args.errors.nonFieldErrors, args.conflict] : args.errors.nonFieldErrors,
        csrfToken: csrfTokenFor(req),
        message: args.announce ?? takeFlash(req),
        actorId: req.user!.id,
        version: row ? (args.version ?? row.version) : undefined,
        extraActions,
      });
      adminScreen(req, res, { section: sectionOf(viewSet), title: titleOf(row), element, status: args.status });
      return;
    }
    const links: FormView['links'] = [];
    if (row) {
      if (mayDo(permissions, viewSet, 'history'))
        links.push({ label: 'History', href: urlOf(viewSet, 'history', row.id) });
      if (mayDo(permissions, viewSet, 'usage')) links.push({ label: 'Usage', href: urlOf(viewSet, 'usage', row.id) });
      for (const link of viewSet.editLinks ?? [])
        if (permits(permissions, model, link.permission))
          links.push({ label: link.label, href: link.href(row.id, row) });
      if (mayDo(permissions, viewSet, 'delete'))
        links.push({ label: `Delete this ${viewSet.names.name}`, href: urlOf(viewSet, 'delete', row.id) });
    }
    const view: FormView = {
      names: viewSet.names,
      title: titleOf(row),
      action: row ? urlOf(viewSet, 'edit', row.id) : addUrlOf(viewSet),
      fields: await fieldViews(db, viewSet.fields ?? []),
      values: args.values as Record<string, string>,
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
              canPublish: mayDo(permissions, viewSet, 'publish'),
              status: 'Draft',
              previewAction: mayDo(permissions, viewSet, 'preview')
                ? `${baseUrlOf(viewSet)}preview/${row.id}/`
                : undefined,
            }
          : undefined,
    };
    adminScreen(req, res, {
      section: sectionOf(viewSet),
      title: view.title,
      element: <FormScreen view={view} csrfToken={csrfTokenFor(req)} message={takeFlash(req)} />,
      status: args.status,
      uploads: view.focalPicker !== undefined,
    });
  };

  /** The version the form was opened on, when it posted one. */
  const versionOf = (req: Request) => {
    const parsed = formVersionSchema.safeParse(formBody(req.body).version);
    return parsed.success ? parsed.data : undefined;
  };

  /** Parses the posted form; a failure redisplays it (400) and returns undefined. */
  const parse = async (
    req: Request,
    res: Response,
    row: ViewSetRow | undefined,
  ): Promise<{ input: unknown; body: Record<string, unknown> } | undefined> => {
    const body = formBody(req.body);
    const redisplayed = custom?.redisplay ? await custom.redisplay(db, body) : undefined;
    if (redisplayed) {
      await render(req, res, {
        row,
        values: redisplayed.values,
        errors: { fieldErrors: redisplayed.fieldErrors ?? {}, nonFieldErrors: [] },
        version: versionOf(req),
        announce: redisplayed.message,
      });
      return undefined;
    }
    const parsed = custom ? custom.parse(body, row) : viewSet.schema!.safeParse(formInputOf(viewSet.fields!, body));
    if (parsed.success) return { input: parsed.data, body };
    await render(req, res, {
      row,
      values: await keptValues(body),
      errors: formErrors(parsed.error, fieldNames),
      status: 400,
      version: versionOf(req),
    });
    return undefined;
  };

  /** A refusal from the store (400) or a stale form (409): the form again with the input kept. */
  const refused = async (
    req: Request,
    res: Response,
    error: unknown,
    row: ViewSetRow | undefined,
    body: Record<string, unknown>,
  ) => {
    const shown = userFacingError(error);
    if (!shown) throw error;
    const values = await keptValues(body);
    if (shown.status === 409 && row) {
      const current = await actions.getObject(db, viewSet, row.id);
      return render(req, res, {
        row: current,
        values,
        errors: { fieldErrors: {}, nonFieldErrors: [] },
        status: 409,
        conflict: shown.message,
        version: current.version,
      });
    }
    await render(req, res, {
      row,
      values,
      errors: formErrors(shown, fieldNames),
      status: shown.status,
      version: versionOf(req),
    });
  };

  return { initialValues, keptValues, render, parse, refused, versionOf };
}
