import express, { type Request, type Response, type Router } from 'express';
import type { Db } from '../../db';
import { badRequest, HttpError } from '../../errors';
import type { AssetManifest } from '../../ssr/assets';
import { PAGE_FIELD_NAMES, pageFieldsFormSchema, pageIdParamsSchema, type PageFieldName } from '../../../shared/schemas/admin';
import { loadDraft, saveRevision } from '../pages/edit-service';
import { pageTypeOf } from '../pages/page-types';
import * as pagesRepo from '../pages/repo';
import { pageStatus } from '../pages/status';
import type { Page, PageContent } from '../pages/table';
import { csrfTokenFor } from '../auth/csrf';
import { forbidden } from '../permissions/policy';
import { permissionsFor } from '../permissions/request';
import { readContentInput } from './block-editor-data';
import { editExtras, parseEditSubmission } from './edit-extras';
import { contentForSave } from '../pages/content';
import { setFlash, takeFlash } from './flash';
import { renderAdmin } from './render';
import { editScreen } from './screens';

type Values = Record<PageFieldName, string>;
type FieldErrors = Partial<Record<PageFieldName, string>>;

/** The page editor (mounted behind requireAdmin). Today: title, slug and the promote fields. */
export function editRoutes({ db, assets }: { db: Db; assets: AssetManifest }): Router {
  const router = express.Router();

  const pageIdOf = (req: Request) => {
    const params = pageIdParamsSchema.safeParse(req.params);
    if (!params.success) throw badRequest('The page id is not valid.', { id: ['Enter a whole number.'] });
    return params.data.id;
  };

  const render = async (req: Request, res: Response, page: Page, form: { values: Values; fieldErrors: FieldErrors; nonFieldErrors: string[]; schedule?: { go_live_at: string; expire_at: string }; content?: { json?: string; errors: Record<string, string[]> } }, status = 200) => {
    const parent = await pagesRepo.findPageByPath(db, page.path.slice(0, -4));
    const scheduled = await pagesRepo.hasApprovedSchedule(db, page.id);
    renderAdmin(
      res,
      assets,
      editScreen(
        { user: req.user!, csrfToken: csrfTokenFor(req) },
        {
          page: {
            id: page.id,
            parentId: parent?.id ?? null,
            typeLabel: pageTypeOf(page.page_type)?.label ?? page.page_type,
            status: pageStatus({ ...page, scheduled }),
          },
          values: form.values,
          fieldErrors: form.fieldErrors,
          nonFieldErrors: form.nonFieldErrors,
          extras: await editExtras(db, page, req.user!.id, form.schedule, form.content),
          message: takeFlash(req),
        },
      ),
      status,
    );
  };

  // Permission: 'change' on the page.
  router.get('/pages/:id/edit/', async (req, res) => {
    const { page, draft } = await loadDraft(db, pageIdOf(req));
    if (!(await permissionsFor(db, req)).can('change', page)) throw forbidden('You do not have permission to edit this page.');
    const values: Values = { title: draft.title, slug: draft.slug, seo_title: draft.seo_title, search_description: draft.search_description };
    await render(req, res, page, { values, fieldErrors: {}, nonFieldErrors: [] });
  });

  // Permission: 'change' on the page, and 'publish' to publish.
  router.post('/pages/:id/edit/', async (req, res) => {
    const { page } = await loadDraft(db, pageIdOf(req));
    const permissions = await permissionsFor(db, req);
    if (!permissions.can('change', page)) throw forbidden('You do not have permission to edit this page.');
    const body: Record<string, unknown> = typeof req.body === 'object' && req.body !== null ? req.body : {};
    // What the user typed, kept as is so a redisplayed form loses nothing.
    const values = Object.fromEntries(PAGE_FIELD_NAMES.map((name) => [name, typeof body[name] === 'string' ? body[name] : ''])) as Values;
    // The block body as typed (JSON), kept on every redisplay.
    const content = { json: typeof body.content_json === 'string' ? body.content_json : undefined, errors: {} as Record<string, string[]> };
    const parsed = pageFieldsFormSchema.safeParse(body);
    if (!parsed.success) {
      const fieldErrors: FieldErrors = {};
      const nonFieldErrors: string[] = [];
      for (const issue of parsed.error.issues) {
        const name = issue.path[0];
        if (typeof name === 'string' && (PAGE_FIELD_NAMES as readonly string[]).includes(name)) {
          fieldErrors[name as PageFieldName] ??= issue.message;
        } else nonFieldErrors.push(issue.message);
      }
      return render(req, res, page, { values, fieldErrors, nonFieldErrors, content }, 400);
    }
    // Go-live, expiry and the revision the form was opened on (stale-form and double-submit checks).
    const submission = parseEditSubmission(body);
    if (!submission.ok) return render(req, res, page, { values, fieldErrors: {}, nonFieldErrors: submission.errors, schedule: submission.typed, content }, 400);
    // The body: validated strictly per block (contentForSave); errors go back to each block's field.
    const contentInput = readContentInput(body);
    if (!contentInput.ok) return render(req, res, page, { values, fieldErrors: {}, nonFieldErrors: [contentInput.message], schedule: submission.typed, content }, 400);
    let cleanContent: PageContent | undefined;
    const pageType = pageTypeOf(page.page_type);
    if (contentInput.content !== undefined && pageType) {
      const checked = contentForSave(pageType, contentInput.content);
      if (!checked.ok) {
        const nonFieldErrors = ['The page body has errors: see the marked blocks.'];
        return render(req, res, page, { values, fieldErrors: {}, nonFieldErrors, schedule: submission.typed, content: { json: content.json, errors: checked.errors } }, 400);
      }
      cleanContent = checked.content;
    }
    const { 'action-publish': publishAction, ...fields } = parsed.data;
    const publish = publishAction !== undefined;
    if (publish && !permissions.can('publish', page)) throw forbidden('You do not have permission to publish this page.');
    try {
      const saved = await saveRevision(db, page.id, req.user!.id, fields, { publish, schedule: submission.schedule, baseRevisionId: submission.baseRevisionId, content: cleanContent });
      const scheduled = publish && !!saved.go_live_at && new Date(saved.go_live_at) > new Date();
      setFlash(req, scheduled ? `Page '${fields.title}' has been scheduled for publishing.` : publish ? `Page '${saved.title}' has been published.` : `Page '${fields.title}' has been updated.`);
      res.redirect(303, `/wagtail/pages/${page.id}/edit/`);
    } catch (error) {
      // 400 bad input, 409 stale form, 423 locked by someone else: redisplay with the input kept.
      if (!(error instanceof HttpError) || ![400, 409, 423].includes(error.status)) throw error;
      const fieldErrors: FieldErrors = {};
      for (const [name, messages] of Object.entries(error.fields ?? {})) {
        if ((PAGE_FIELD_NAMES as readonly string[]).includes(name) && messages[0]) fieldErrors[name as PageFieldName] = messages[0];
      }
      const nonFieldErrors = error.fields ? Object.entries(error.fields).filter(([name]) => !(name in fieldErrors)).flatMap(([, m]) => m) : [error.message];
      await render(req, res, (await pagesRepo.findPageById(db, page.id)) ?? page, { values, fieldErrors, nonFieldErrors, schedule: submission.typed, content }, error.status);
    }
  });

  return router;
}
