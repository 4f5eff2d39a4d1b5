import express, { type Request, type Response, type Router } from 'express';
import { pageOf as pageFromRequest } from './page-params';
import type { Db } from '../../db';
import { badRequest } from '../../errors';
import type { AssetManifest } from '../../ssr/assets';
import { requestChangesFormSchema, workflowActionFormSchema } from '../../../shared/schemas/moderation';
import { RequestChangesScreen } from '../../../views/admin/WorkflowScreens';
import { csrfTokenFor } from '../auth/csrf';
import { mayCancel, mayReview } from '../moderation/default-workflow';
import * as moderationRepo from '../moderation/repo';
import { approve, cancel, requestChanges, type ReviewTarget } from '../moderation/service';
import type { Page } from '../pages/table';
import { forbidden } from '../permissions/policy';
import { permissionsFor } from '../permissions/request';
import { setFlash } from './flash';
import { safeNextPath } from './next-url';
import { userFacingError } from './page-action-errors';
import { renderAdmin } from './render';
import { pagesScreen } from './shell-screen';

const bodyOf = (req: Request): Record<string, unknown> => (typeof req.body === 'object' && req.body !== null ? req.body : {});
const editUrl = (pageId: number) => `/wagtail/pages/${pageId}/edit/`;

/**
 * Moderation actions with Wagtail's URL shape (/pages/{id}/workflow/...). Submitting is the edit
 * form's 'action-submit' button (edit-routes.ts). Each action posts the submission id and the
 * revision shown, so a stale or repeated form gets a clear message instead of acting twice.
 */
export function workflowRoutes({ db, assets }: { db: Db; assets: AssetManifest }): Router {
  const router = express.Router();

  const pageOf = (req: Request): Promise<Page> => pageFromRequest(db, req);

  const targetOf = (req: Request): ReviewTarget & { next?: string } => {
    const parsed = workflowActionFormSchema.safeParse(bodyOf(req));
    if (!parsed.success) throw badRequest('The moderation request in this form is not valid: reload the page and try again.');
    return { stateId: parsed.data.workflow_state_id, revisionId: parsed.data.revision_id, next: parsed.data.next };
  };

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

  const renderRequestChanges = async (req: Request, res: Response, page: Page, form: { comment: string; error?: string; next?: string }, status = 200) => {
    const pending = await moderationRepo.findLatestState(db, page.id);
    if (pending?.status !== 'in_progress') {
      setFlash(req, `The page '${page.title}' is not in moderation.`);
      return res.redirect(303, safeNextPath(form.next, editUrl(page.id)));
    }
    const view = { stateId: pending.id, revisionId: pending.revision_id, requestedBy: pending.requested_by_name, requestedAt: new Date(pending.created_at).toISOString() };
    const next = form.next === undefined ? undefined : safeNextPath(form.next, editUrl(page.id));
    renderAdmin(
      res,
      assets,
      pagesScreen({ user: req.user!, csrfToken: csrfTokenFor(req) }, `Request changes to ${page.title}`, <RequestChangesScreen csrfToken={csrfTokenFor(req)} page={page} pending={view} comment={form.comment} error={form.error} next={next} />),
      status,
    );
  };

  // Permission: 'publish' on the page (the reviewers of the default workflow).
  router.get('/pages/:id/workflow/request_changes/', async (req, res) => {
    const page = await pageOf(req);
    if (!mayReview(await permissionsFor(db, req), page)) throw forbidden('You do not have permission to review this page.');
    await renderRequestChanges(req, res, page, { comment: '', next: typeof req.query.next === 'string' ? req.query.next : undefined });
  });

  // Permission: 'publish' on the page.
  router.post('/pages/:id/workflow/request_changes/', async (req, res) => {
    const page = await pageOf(req);
    const permissions = await permissionsFor(db, req);
    if (!mayReview(permissions, page)) throw forbidden('You do not have permission to review this page.');
    const body = bodyOf(req);
    const typed = typeof body.comment === 'string' ? body.comment : '';
    const next = typeof body.next === 'string' ? body.next : undefined;
    const parsed = requestChangesFormSchema.safeParse(body);
    if (!parsed.success) {
      const commentIssue = parsed.error.issues.find((issue) => issue.path[0] === 'comment');
      if (!commentIssue) throw badRequest('The moderation request in this form is not valid: reload the page and try again.');
      return renderRequestChanges(req, res, page, { comment: typed, error: commentIssue.message, next }, 400);
    }
    const target = { stateId: parsed.data.workflow_state_id, revisionId: parsed.data.revision_id };
    await act(req, res, page, next, async () => {
      await requestChanges(db, permissions, page.id, target, parsed.data.comment);
      return `Changes have been requested on page '${page.title}'.`;
    });
  });

  // Permission: 'publish' on the page.
  router.post('/pages/:id/workflow/approve/', async (req, res) => {
    const page = await pageOf(req);
    const permissions = await permissionsFor(db, req);
    if (!mayReview(permissions, page)) throw forbidden('You do not have permission to approve this page.');
    const target = targetOf(req);
    await act(req, res, page, target.next, async () => {
      const published = await approve(db, permissions, page.id, target);
      return `Page '${published.title}' has been approved and published.`;
    });
  });

  // Permission: 'change' on the page, or being the one who submitted it.
  router.post('/pages/:id/workflow/cancel/', async (req, res) => {
    const page = await pageOf(req);
    const permissions = await permissionsFor(db, req);
    if (!mayCancel(permissions, page, await moderationRepo.findInProgress(db, page.id))) throw forbidden('You do not have permission to cancel the moderation of this page.');
    const target = targetOf(req);
    await act(req, res, page, target.next, async () => {
      await cancel(db, permissions, page.id, target);
      return `Workflow on page '${page.title}' has been cancelled.`;
    });
  });

  return router;
}
