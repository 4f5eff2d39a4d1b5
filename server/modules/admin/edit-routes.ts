import express, { type Request, type Response, type Router } from 'express';
import { pageIdOf } from './page-params';
import type { Db } from '../../db';
import { HttpError } from '../../errors';
import type { AssetManifest } from '../../ssr/assets';
import { PAGE_FIELD_NAMES, type PageFieldName } from '../../../shared/schemas/admin';
import { loadDraft, saveRevision } from '../pages/edit-service';
import { pageTypeOf } from '../pages/page-types';
import * as pagesRepo from '../pages/repo';
import { pageStatus } from '../pages/status';
import type { Page } from '../pages/table';
import { csrfTokenFor } from '../auth/csrf';
import { forbidden } from '../permissions/policy';
import { permissionsFor } from '../permissions/request';
import { editExtras } from './edit-extras';
import { isPagePrivate } from '../privacy/service';
import { readEditForm } from './edit-form';
import { moderationView } from './moderation-view';
import { saveAndSubmit } from '../moderation/service';
import { setFlash, takeFlash } from './flash';
import { renderAdmin } from './render';
import { editScreen } from './screens';

type Values = Record<PageFieldName, string>;
type FieldErrors = Partial<Record<PageFieldName, string>>;

/** The page editor (mounted behind requireAdmin): the page's fields, its block bodies, schedule and moderation buttons. */
export function editRoutes({ db, assets }: { db: Db; assets: AssetManifest }): Router {
  const router = express.Router();

  type Redisplay = {
    values: Values;
    fieldErrors: FieldErrors;
    nonFieldErrors: string[];
    schedule?: { go_live_at: string; expire_at: string };
    content?: { json?: string; errors: Record<string, string[]> };
    /** The revision the posted form was opened on (kept, so a stale form stays stale). */
    baseRevisionId?: number | null;
    /** After a stale-form refusal: offer 'Overwrite with my changes' (as a draft or a publish). */
    staleOverwrite?: 'draft' | 'publish';
  };
  const render = async (req: Request, res: Response, page: Page, form: Redisplay, status = 200) => {
    const parent = await pagesRepo.findPageByPath(db, page.path.slice(0, -4));
    const scheduled = await pagesRepo.hasApprovedSchedule(db, page.id);
    const permissions = await permissionsFor(db, req);
    const moderation = await moderationView(db, page, permissions);
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
            status: pageStatus({ ...page, scheduled, in_moderation: moderation.inProgress !== null }),
          },
          values: form.values,
          fieldErrors: form.fieldErrors,
          nonFieldErrors: form.nonFieldErrors,
          extras: {
            ...(await editExtras(db, page, req.user!.id, form.schedule, form.content)),
            moderation,
            privacy: { isPrivate: await isPagePrivate(db, page), canSet: permissions.can('privacy', page) },
            ...(form.baseRevisionId !== undefined ? { baseRevisionId: form.baseRevisionId } : {}),
            staleOverwrite: form.staleOverwrite,
          },
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
    // Fields, schedule, base revision, overwrite choice and the block body (strictly per block),
    // shared with autosave; on bad input the typed values come back as they were.
    const form = readEditForm(page, body);
    // Every redisplay keeps what was typed and the revision the form was opened on.
    const kept = form.kept;
    if (!form.ok) return render(req, res, page, { ...kept, fieldErrors: form.fieldErrors, nonFieldErrors: form.nonFieldErrors }, 400);
    const { fields, publish, content: cleanContent } = form;
    // An explicit 'Continue and overwrite' / 'Overwrite with my changes' skips the stale-form check.
    const baseRevisionId = form.overwrite ? undefined : form.baseRevisionId;
    if (publish && !permissions.can('publish', page)) throw forbidden('You do not have permission to publish this page.');
    try {
      if (!publish && form.submit) {
        // Saved exactly as Save draft, then put up for review ('change' on the page is enough).
        const { outcome } = await saveAndSubmit(db, page.id, req.user!.id, fields, { baseRevisionId, content: cleanContent });
        setFlash(req, `Page '${fields.title}' has been ${outcome === 'resubmitted' ? 'resubmitted' : 'submitted'} for moderation.`);
        return res.redirect(303, `/wagtail/pages/${page.id}/edit/`);
      }
      const saved = await saveRevision(db, page.id, req.user!.id, fields, { publish, schedule: form.schedule, baseRevisionId, content: cleanContent });
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
      // A stale form offers the explicit choice to save over the newer version (kept as a draft or publish).
      const staleOverwrite = error.status === 409 ? (publish ? 'publish' : 'draft') : undefined;
      await render(req, res, (await pagesRepo.findPageById(db, page.id)) ?? page, { ...kept, fieldErrors, nonFieldErrors, staleOverwrite }, error.status);
    }
  });

  return router;
}
