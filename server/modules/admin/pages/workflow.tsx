import express, { type Request, type Response, type Router } from 'express';
import type { Db } from '../../../db';
import { badRequest } from '../../../errors';
import { formErrors } from '../../../http/validate';
import {
  approveFormSchema,
  requestChangesFormSchema,
  workflowActionFormSchema,
} from '../../../../shared/schemas/moderation';
import { WorkflowCommentScreen, type WorkflowCommentAction } from '../../../../views/admin/WorkflowScreens';
import { csrfTokenFor } from '../../auth/csrf';
import { mayCancel } from '../../moderation/rules';
import { inProgressState, mayReviewPage, pendingModeration } from '../../moderation/screen-service';
import { approve, cancel, requestChanges, type ReviewTarget } from '../../moderation/service';
import type { Page } from '../../pages/table';
import { forbidden } from '../../permissions/policy';
import { permissionsFor } from '../../permissions/request';
import { setFlash } from '../flash';
import { formBody, userFacingError } from '../form-input';
import { safeNextPath } from '../next-url';
import { pageOf as pageFromRequest } from '../page-params';
import { adminScreen } from '../screen';

/** A stale or tampered moderation form: the ids it carries are not ones this screen sent. */
const STALE_FORM = 'The moderation request in this form is not valid: reload the page and try again.';
const editUrl = (pageId: number) => `/wagtail/pages/${pageId}/edit/`;

/**
 * Moderation actions with Wagtail's URL shape (/pages/{id}/workflow/...). Submitting is the edit
 * form's 'action-submit' button (edit-routes.ts). Each action posts the submission id, the
 * revision shown and the task it was at, so a stale or repeated form gets a clear message instead
 * of acting twice. Reviewing needs membership of a group of the current task (or superuser).
 */
export function workflowRoutes({ db }: { db: Db }): Router {
  const router = express.Router();

  const pageOf = (req: Request): Promise<Page> => pageFromRequest(db, req);

  const targetOf = (data: {
    workflow_state_id: number;
    revision_id: number;
    task_state_id?: number;
  }): ReviewTarget => ({
    stateId: data.workflow_state_id,
    revisionId: data.revision_id,
    ...(data.task_state_id !== undefined ? { taskStateId: data.task_state_id } : {}),
  });

  /** Runs an action, then back to where the form came from with what happened (or why not). */
  const act = async (req: Request, res: Response, page: Page, next: string | undefined, run: () => Promise<string>) => {
    try {
      setFlash(req, await run());
    } catch (error) {
      // 400 bad input, 409 finished or resubmitted meanwhile, 423 locked: said on the next screen.
      const shown = userFacingError(error);
      if (!shown) throw error;
      setFlash(req, shown.message);
    }
    res.redirect(303, safeNextPath(next, editUrl(page.id)));
  };

  const renderComment = async (
    req: Request,
    res: Response,
    action: WorkflowCommentAction,
    page: Page,
    form: { comment: string; error?: string; next?: string },
    status = 200,
  ) => {
    const pending = await pendingModeration(db, page.id);
    if (!pending) {
      setFlash(req, `The page '${page.title}' is not in moderation.`);
      return res.redirect(303, safeNextPath(form.next, editUrl(page.id)));
    }
    const next = form.next === undefined ? undefined : safeNextPath(form.next, editUrl(page.id));
    const element = (
      <WorkflowCommentScreen
        csrfToken={csrfTokenFor(req)}
        action={action}
        page={page}
        pending={pending}
        comment={form.comment}
        error={form.error}
        next={next}
      />
    );
    const title = action === 'approve' ? `Approve ${page.title}` : `Request changes to ${page.title}`;
    adminScreen(req, res, { section: 'pages', title, element, status });
  };

  const reviewable = async (req: Request) => {
    const page = await pageOf(req);
    const permissions = await permissionsFor(db, req);
    if (!(await mayReviewPage(db, permissions, page, { posted: req.method === 'POST' })))
      throw forbidden('You do not have permission to review this page.');
    return { page, permissions };
  };

  /** Parses a comment form; a bad comment redisplays it (400), anything else wrong is a stale form. */
  const commentForm = async (req: Request, res: Response, action: WorkflowCommentAction, page: Page) => {
    const body = formBody(req.body);
    const typed = typeof body.comment === 'string' ? body.comment : '';
    const next = typeof body.next === 'string' ? body.next : undefined;
    const parsed = (action === 'approve' ? approveFormSchema : requestChangesFormSchema).safeParse(body);
    if (parsed.success) return parsed.data;
    const { fieldErrors } = formErrors(parsed.error, ['comment']);
    if (!fieldErrors.comment) throw badRequest(STALE_FORM);
    await renderComment(req, res, action, page, { comment: typed, error: fieldErrors.comment, next }, 400);
    return undefined;
  };

  const nextOf = (req: Request) => (typeof req.query.next === 'string' ? req.query.next : undefined);

  // Permission: a group of the page's current task (Wagtail's group approval), or superuser.
  router.get('/pages/:id/workflow/request_changes/', async (req, res) => {
    const { page } = await reviewable(req);
    await renderComment(req, res, 'request_changes', page, { comment: '', next: nextOf(req) });
  });

  // Permission: a group of the page's current task, or superuser.
  router.post('/pages/:id/workflow/request_changes/', async (req, res) => {
    const { page, permissions } = await reviewable(req);
    const data = await commentForm(req, res, 'request_changes', page);
    if (!data) return;
    await act(req, res, page, data.next, async () => {
      await requestChanges(db, permissions, page.id, targetOf(data), data.comment);
      return `Changes have been requested on page '${page.title}'.`;
    });
  });

  // Permission: a group of the page's current task, or superuser. The 'Approve with comment' form.
  router.get('/pages/:id/workflow/approve/', async (req, res) => {
    const { page } = await reviewable(req);
    await renderComment(req, res, 'approve', page, { comment: '', next: nextOf(req) });
  });

  // Permission: a group of the page's current task, or superuser.
  router.post('/pages/:id/workflow/approve/', async (req, res) => {
    const { page, permissions } = await reviewable(req);
    const data = await commentForm(req, res, 'approve', page);
    if (!data) return;
    await act(req, res, page, data.next, async () => {
      const outcome = await approve(db, permissions, page.id, targetOf(data), data.comment);
      return outcome.published
        ? `Page '${outcome.page.title}' has been approved and published.`
        : `Page '${outcome.page.title}' has been approved and moved on to '${outcome.nextTask ?? ''}'.`;
    });
  });

  // Permission: 'change' on the page, or being the one who submitted it.
  router.post('/pages/:id/workflow/cancel/', async (req, res) => {
    const page = await pageOf(req);
    const permissions = await permissionsFor(db, req);
    if (!mayCancel(permissions, page, await inProgressState(db, page.id)))
      throw forbidden('You do not have permission to cancel the moderation of this page.');
    const parsed = workflowActionFormSchema.safeParse(formBody(req.body));
    if (!parsed.success) throw badRequest(STALE_FORM);
    await act(req, res, page, parsed.data.next, async () => {
      await cancel(db, permissions, page.id, targetOf(parsed.data));
      return `Workflow on page '${page.title}' has been cancelled.`;
    });
  });

  return router;
}
