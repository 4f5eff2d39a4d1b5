import express, { type Request, type Response, type Router } from 'express';
import type { Db } from '../../../db';
import { HttpError } from '../../../errors';
import type { BulkConfirmView, BulkOutcome, BulkPlan } from '../../../../shared/admin/page-bulk';
import { BULK_ACTIONS, pageBulkSchema, type BulkActionName } from '../../../../shared/schemas/page-bulk';
import { PageBulkScreen } from '../../../../views/admin/PageBulkScreen';
import { bulkActionUrl } from '../../../../views/admin/PageBulkBar';
import { csrfTokenFor } from '../../auth/csrf';
import { bulkMoveDestinations, planBulkAction, runBulkAction } from '../../pages/bulk-service';
import { permissionsFor } from '../../permissions/request';
import { setFlash } from '../flash';
import { formBody } from '../form-input';
import { safeNextPath } from '../next-url';
import { adminScreen } from '../screen';

const DONE: Record<BulkActionName, string> = {
  publish: 'published',
  unpublish: 'unpublished',
  move: 'moved',
  delete: 'deleted',
};

const quoted = (rows: Array<{ title: string }>) => rows.map((row) => `'${row.title}'`).join(', ');
const pages = (n: number) => (n === 1 ? '1 page' : `${n} pages`);

/** One message with each page's outcome: done, refused (with the reason), skipped. */
export function bulkSummary(action: BulkActionName, plan: BulkPlan, outcomes: BulkOutcome[]): string {
  const done = outcomes.filter((o) => o.ok);
  const failed = outcomes.filter((o) => !o.ok);
  const parts: string[] = [];
  if (done.length) parts.push(`${pages(done.length)} ${DONE[action]}: ${quoted(done)}.`);
  for (const f of failed) parts.push(`'${f.title}' was not ${DONE[action]}: ${f.message}`);
  const skipped = plan.skippedByPermission.length + plan.skippedByState.length + plan.missing.length;
  if (skipped) parts.push(`${pages(skipped)} skipped.`);
  return parts.join(' ') || `No page was ${DONE[action]}.`;
}

/** 403 when the user may do the action on none of the selected pages (nothing to confirm, nothing done). */
function statusOf(plan: BulkPlan): number {
  if (plan.act.length === 0 && plan.skippedByState.length === 0 && plan.skippedByPermission.length > 0) return 403;
  return 200;
}

/**
 * /wagtail/bulk/wagtailcore/page/{publish,unpublish,move,delete}/?id=..&id=..&next=..: the GET is the
 * confirmation screen, the POST (CSRF-checked like every admin POST) acts on each page through the
 * single-page services and comes back to `next` with each page's outcome.
 */
export function bulkRoutes({ db }: { db: Db }): Router {
  const router = express.Router();

  const render = async (
    req: Request,
    res: Response,
    action: BulkActionName,
    input: { ids: number[]; next: string; destination?: number },
    errors: string[] = [],
    status?: number,
  ) => {
    const permissions = await permissionsFor(db, req);
    const plan = await planBulkAction(db, action, input.ids, permissions, input.destination);
    if (plan.missing.length === input.ids.length)
      throw new HttpError(404, 'not_found', 'The selected pages no longer exist.');
    const { pages: acting, destinationPage: _destination, ...shown } = plan;
    const view: BulkConfirmView = {
      ...shown,
      next: input.next,
      errors,
      destinations:
        action === 'move' && !plan.destination ? await bulkMoveDestinations(db, acting, permissions) : undefined,
    };
    const element = <PageBulkScreen view={view} csrfToken={csrfTokenFor(req)} />;
    const title = `${errors.length ? 'Error: ' : ''}Bulk ${action}`;
    adminScreen(req, res, { section: 'pages', title, element, status: status ?? statusOf(plan) });
  };

  /** A bad selection (no id, not a number, too many) is a 400 screen that says what is wrong. */
  const readInput = (req: Request, res: Response, values: unknown) => {
    const parsed = pageBulkSchema.safeParse(values);
    if (parsed.success) {
      const { id: ids, next, destination } = parsed.data;
      return { ids, next: safeNextPath(next, '/wagtail/pages/'), destination };
    }
    const messages = [...new Set(parsed.error.issues.map((issue) => issue.message))];
    adminScreen(req, res, {
      section: 'pages',
      title: 'Error: bulk action',
      status: 400,
      element: (
        <>
          <h1>The selection is not valid</h1>
          <div className="admin-errors" role="alert">
            <ul>
              {messages.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
          <p>
            <a href="/wagtail/pages/">Back to the pages</a>
          </p>
        </>
      ),
    });
    return undefined;
  };

  for (const action of BULK_ACTIONS) {
    const path = bulkActionUrl(action).slice('/wagtail'.length);

    // Permission: admin access; each page is checked ('publish', 'unpublish', 'move', 'delete'
    // as the single-page screens), and 403 when the user may act on none of them.
    router.get(path, async (req, res) => {
      const input = readInput(req, res, req.query);
      if (input) await render(req, res, action, input);
    });

    // Permission: as the GET, checked again per page at the time of acting.
    router.post(path, async (req, res) => {
      // As Wagtail's, the selection may ride in the URL (?id=1&id=2) when the body has none.
      const input = readInput(req, res, { ...req.query, ...formBody(req.body) });
      if (!input) return;
      const permissions = await permissionsFor(db, req);
      // Permission first, so a user who may not act learns nothing from the rest of the form.
      const preview = await planBulkAction(db, action, input.ids, permissions);
      if (preview.missing.length === input.ids.length)
        throw new HttpError(404, 'not_found', 'The selected pages no longer exist.');
      if (statusOf(preview) === 403) return render(req, res, action, input, [], 403);
      if (action === 'move' && input.destination === undefined)
        return render(req, res, action, input, ['Choose a destination page.'], 400);
      const { plan, outcomes } = await runBulkAction(db, action, input.ids, permissions, input.destination);
      setFlash(req, bulkSummary(action, plan, outcomes));
      res.redirect(303, input.next);
    });
  }

  return router;
}
