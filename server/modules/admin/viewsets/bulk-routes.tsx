import type { Request, Response } from 'express';
import { HttpError } from '../../../errors';
import { parseOr400 } from '../../../http/validate';
import type { BulkEditView } from '../../../../shared/admin/viewset';
import { bulkIdsSchema } from '../../../../shared/schemas/viewset';
import { BulkEditScreen } from '../../../../views/admin/viewset/BulkEditScreen';
import { csrfTokenFor } from '../../auth/csrf';
import { modelPermissionsFor } from '../../permissions/model-policy';
import { setFlash } from '../flash';
import { formBody, textOf } from '../form-input';
import { safeNextPath } from '../next-url';
import { adminScreen } from '../screen';
import { bulkEditSummary, countOf, planBulkEdit, runBulkEdit, type BulkEditPlan } from './bulk-edit';
import { listUrlOf, urlOf, type AnyViewSet, type ViewSetContext } from './definition';
import { sectionOf } from './form';
import { bulkActionUrlOf } from './list';
import { offeredBulkActions } from './permission-policy';

type Handler = (req: Request, res: Response) => Promise<void>;

/** 403 when the user may change none of the selected rows (nothing to confirm, nothing done). */
const statusOf = (plan: BulkEditPlan) => (plan.act.length === 0 && plan.skipped.length > 0 ? 403 : 200);

/**
 * The handlers of a viewset's bulk actions, by 'method name' (the route table mounts them behind
 * the guard of the permission each action declares): GET /wagtail/bulk/{app}/{model}/{name}/?id=..
 * is the confirmation screen, the POST (CSRF-checked like every admin POST) changes each row and
 * comes back to `next` with the outcome of each.
 */
export function bulkEditHandlers({ db }: ViewSetContext, viewSet: AnyViewSet): Map<string, Handler> {
  const handlers = new Map<string, Handler>();
  const actor = (req: Request) => ({ userId: req.user!.id });
  const readSelection = (values: unknown) => {
    const parsed = parseOr400(bulkIdsSchema, values, 'selection');
    return { ids: parsed.id, next: safeNextPath(parsed.next ?? '', listUrlOf(viewSet)) };
  };

  for (const action of offeredBulkActions(viewSet)) {
    const field = viewSet.fields!.find((f) => f.name === action.field)!;
    const count = countOf(viewSet);

    const prepare = async (req: Request, ids: number[]) => {
      const permissions = await modelPermissionsFor(db, req);
      const plan = await planBulkEdit(db, viewSet, action, ids, permissions);
      if (plan.missing.length === new Set(ids).size)
        throw new HttpError(404, 'not_found', `The selected ${viewSet.names.plural} no longer exist.`);
      const choices = action.choices ? await action.choices(db, permissions) : undefined;
      return { plan, choices };
    };

    const render = (
      req: Request,
      res: Response,
      input: { plan: BulkEditPlan; choices?: Array<{ value: string; label: string }>; next: string },
      form: { value: string; error?: string; status?: number },
    ) => {
      const item = (row: { id: number }) => ({
        id: row.id,
        title: viewSet.title(row),
        href: urlOf(viewSet, 'edit', row.id),
      });
      const view: BulkEditView = {
        names: viewSet.names,
        label: action.label,
        title: action.title(count(input.plan.act.length)),
        action: bulkActionUrlOf(viewSet, action.name),
        next: input.next,
        act: input.plan.act.map(item),
        skipped: input.plan.skipped.map(item),
        missing: input.plan.missing.length,
        field: {
          name: field.name,
          label: field.label,
          help: action.help ?? field.help,
          required: true,
          ...(input.choices
            ? { widget: 'select' as const, choices: [{ value: '', label: 'Choose one' }, ...input.choices] }
            : {}),
        },
        value: form.value,
        error: form.error,
      };
      adminScreen(req, res, {
        section: sectionOf(viewSet),
        title: `${form.error ? 'Error: ' : ''}${view.title}`,
        element: <BulkEditScreen view={view} csrfToken={csrfTokenFor(req)} />,
        status: form.status ?? statusOf(input.plan),
      });
    };

    handlers.set(`get ${action.name}`, async (req, res) => {
      const { ids, next } = readSelection(req.query);
      const { plan, choices } = await prepare(req, ids);
      render(req, res, { plan, choices, next }, { value: '' });
    });

    handlers.set(`post ${action.name}`, async (req, res) => {
      const body = formBody(req.body);
      // As Wagtail's, the selection may ride in the URL (?id=1&id=2) when the body has none.
      const { ids, next } = readSelection(body.id === undefined ? { ...req.query, next: body.next } : body);
      const { plan, choices } = await prepare(req, ids);
      // Permission first, so a user who may not act learns nothing from the rest of the form.
      if (statusOf(plan) === 403) return render(req, res, { plan, choices, next }, { value: '' });
      const typed = textOf(body[action.field]).slice(0, 5000);
      const read = action.read(typed, choices);
      if (!read.ok)
        return render(req, res, { plan, choices, next }, { value: typed, error: read.message, status: 400 });
      const outcomes = await runBulkEdit(db, viewSet, action, plan.act, read.value, actor(req));
      const choiceLabel = choices?.find((choice) => choice.value === read.value)?.label;
      setFlash(req, bulkEditSummary(viewSet, action, plan, outcomes, read.value, choiceLabel));
      res.redirect(303, next);
    });
  }
  return handlers;
}
