import express, { type Request, type Response, type Router } from 'express';
import type { Db } from '../../../db';
import { CommentsPanel, type CommentsPanelView } from '../../../../views/admin/CommentsPanel';
import { csrfTokenFor } from '../../auth/csrf';
import { addComment, addReply, commentTargets, listComments, resolveComment } from '../../comments/service';
import { loadDraft } from '../../pages/edit-service';
import type { Page } from '../../pages/table';
import { assertCan } from '../../permissions/policy';
import { setFlash } from '../flash';
import { formBody, userFacingError } from '../form-input';
import { pageOf } from '../page-params';
import { adminScreen } from '../screen';

/** Posted by the edit screen's script: answer with the redrawn panel instead of a redirect. */
const wantsPanel = (req: Request) => req.get('X-Comments-Panel') === '1';

/**
 * Comments on a page's fields and blocks (Wagtail's commenting). The panel is part of the edit
 * screen; these routes add, reply and resolve, then go back to it (without JavaScript) or answer
 * with the panel alone (the edit screen's script swaps it in, keeping the form's unsaved edits).
 */
export function commentRoutes({ db }: { db: Db }): Router {
  const router = express.Router();

  const editablePage = async (req: Request) => {
    const page = await pageOf(db, req);
    await assertCan(db, req.user!, 'change', page);
    const { draft } = await loadDraft(db, page.id);
    return { page, content: draft.content };
  };

  const commentIdOf = (req: Request) => {
    const raw = String(req.params.commentId ?? '');
    return /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  };

  const renderPanel = async (
    req: Request,
    res: Response,
    page: Page,
    extra: Omit<CommentsPanelView, 'targets' | 'comments'> = {},
    status = 200,
  ) => {
    const { draft } = await loadDraft(db, page.id);
    const view: CommentsPanelView = {
      targets: commentTargets(page, draft.content),
      comments: await listComments(db, page, draft.content),
      ...extra,
    };
    adminScreen(req, res, {
      section: 'pages',
      title: `Comments on ${page.title}`,
      status,
      element: (
        <div className="admin-comments-screen">
          <p>
            <a href={`/wagtail/pages/${page.id}/edit/`}>{`Back to editing '${page.title}'`}</a>
          </p>
          <CommentsPanel pageId={page.id} csrfToken={csrfTokenFor(req)} view={view} />
        </div>
      ),
    });
  };

  /** After an action: the panel (script) or the edit screen at the comments (plain form); a refusal shows the panel with its errors. */
  const answer = async (
    req: Request,
    res: Response,
    page: Page,
    action: () => Promise<string>,
    errorKey: (field: string) => string,
    typed: CommentsPanelView['typed'],
  ) => {
    try {
      const message = await action();
      if (wantsPanel(req)) return renderPanel(req, res, page, { message });
      setFlash(req, message);
      res.redirect(303, `/wagtail/pages/${page.id}/edit/#comments`);
    } catch (error) {
      const shown = userFacingError(error);
      if (!shown) throw error;
      const errors = Object.fromEntries(
        Object.entries(shown.fields ?? {}).map(([field, messages]) => [errorKey(field), messages[0] ?? '']),
      );
      await renderPanel(req, res, page, { errors, typed, message: shown.message }, shown.status);
    }
  };

  // Permission: 'change' on the page (Wagtail: whoever may edit a page may comment on it).
  router.get('/pages/:id/comments/', async (req, res) => {
    const { page } = await editablePage(req);
    await renderPanel(req, res, page);
  });

  // Permission: 'change' on the page.
  router.post('/pages/:id/comments/', async (req, res) => {
    const { page, content } = await editablePage(req);
    const body = formBody(req.body);
    await answer(
      req,
      res,
      page,
      async () => {
        await addComment(db, page, content, req.user!.id, body);
        return 'Comment added.';
      },
      (field) => field,
      {
        content_path: typeof body.content_path === 'string' ? body.content_path : '',
        text: typeof body.text === 'string' ? body.text : '',
      },
    );
  });

  // Permission: 'change' on the page.
  router.post('/pages/:id/comments/:commentId/reply/', async (req, res) => {
    const { page, content } = await editablePage(req);
    const body = formBody(req.body);
    const commentId = commentIdOf(req);
    await answer(
      req,
      res,
      page,
      async () => {
        await addReply(db, page, content, commentId, req.user!.id, body);
        return 'Reply added.';
      },
      () => `reply-${commentId}`,
      { replyTo: commentId, text: typeof body.text === 'string' ? body.text : '' },
    );
  });

  // Permission: 'change' on the page.
  router.post('/pages/:id/comments/:commentId/resolve/', async (req, res) => {
    const { page, content } = await editablePage(req);
    const commentId = commentIdOf(req);
    await answer(
      req,
      res,
      page,
      async () => {
        await resolveComment(db, page, content, commentId, req.user!.id);
        return 'Comment resolved.';
      },
      () => `reply-${commentId}`,
      {},
    );
  });

  return router;
}
