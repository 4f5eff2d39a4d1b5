import express, { type Request, type Response, type Router } from 'express';
import type { Db } from '../../../../db';
import { formErrors } from '../../../../http/validate';
import { PAGE_FIELD_NAMES, type PageFieldName } from '../../../../../shared/schemas/admin';
import { EditScreen } from '../../../../../views/admin/EditScreen';
import { csrfTokenFor } from '../../../auth/csrf';
import { saveAndSubmit } from '../../../moderation/service';
import { moderationView } from '../../../moderation/screen-service';
import { loadDraft, saveRevision } from '../../../pages/edit-service';
import { pageTypeOf } from '../../../pages/page-types';
import { hasApprovedSchedule } from '../../../pages/schedule-service';
import { findPage, findParentPage } from '../../../pages/service';
import { pageStatus } from '../../../pages/status';
import type { Page } from '../../../pages/table';
import { forbidden } from '../../../permissions/policy';
import { permissionsFor } from '../../../permissions/request';
import { isPagePrivate } from '../../../privacy/service';
import { setFlash, takeFlash } from '../../flash';
import { formBody, userFacingError } from '../../form-input';
import { pageIdOf } from '../../page-params';
import { adminScreen } from '../../screen';
import { editExtras } from './extras';
import { formatDateTimeLong } from '../../../../../views/admin/format';
import { readEditForm, type KeptInput } from './form';

type Values = Record<PageFieldName, string>;
type FieldErrors = Partial<Record<PageFieldName, string>>;

/** The page editor (mounted behind requireAdmin): the page's fields, its block bodies, schedule and moderation buttons. */
export function editRoutes({ db }: { db: Db }): Router {
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
    /** The editor fields as typed, with their errors. */
    editorFields?: KeptInput['editorFields'];
  };
  const render = async (req: Request, res: Response, page: Page, form: Redisplay, status = 200) => {
    const parent = await findParentPage(db, page);
    const scheduled = await hasApprovedSchedule(db, page.id);
    const permissions = await permissionsFor(db, req);
    const moderation = await moderationView(db, page, permissions);
    const extras = {
      ...(await editExtras(db, page, req.user!.id, form.schedule, form.content, form.editorFields)),
      moderation,
      privacy: { isPrivate: await isPagePrivate(db, page), canSet: permissions.can('privacy', page) },
      ...(form.baseRevisionId !== undefined ? { baseRevisionId: form.baseRevisionId } : {}),
      staleOverwrite: form.staleOverwrite,
    };
    const element = (
      <EditScreen
        csrfToken={csrfTokenFor(req)}
        page={{
          id: page.id,
          parentId: parent?.id ?? null,
          typeLabel: pageTypeOf(page.page_type)?.label ?? page.page_type,
          status: pageStatus({ ...page, scheduled, in_moderation: moderation.inProgress !== null }),
        }}
        values={form.values}
        fieldErrors={form.fieldErrors}
        nonFieldErrors={form.nonFieldErrors}
        extras={extras}
        message={takeFlash(req)}
      />
    );
    // Every edit screen loads the editor script: the block editor, editing sessions and autosave.
    adminScreen(req, res, {
      section: 'pages',
      title: `Editing ${form.values.title || 'page'}`,
      element,
      status,
      blockEditor: true,
    });
  };

  // Permission: 'change' on the page.
  router.get('/pages/:id/edit/', async (req, res) => {
    const { page, draft } = await loadDraft(db, pageIdOf(req));
    if (!(await permissionsFor(db, req)).can('change', page))
      throw forbidden('You do not have permission to edit this page.');
    const values: Values = {
      title: draft.title,
      slug: draft.slug,
      seo_title: draft.seo_title,
      search_description: draft.search_description,
    };
    await render(req, res, page, { values, fieldErrors: {}, nonFieldErrors: [] });
  });

  // Permission: 'change' on the page, and 'publish' to publish.
  router.post('/pages/:id/edit/', async (req, res) => {
    const { page, draft } = await loadDraft(db, pageIdOf(req));
    const permissions = await permissionsFor(db, req);
    if (!permissions.can('change', page)) throw forbidden('You do not have permission to edit this page.');
    // Fields, schedule, base revision, overwrite choice, the block body (strictly per block) and
    // the editor fields, shared with autosave and the add screen; on bad input the typed values
    // come back as they were.
    const form = readEditForm(page, formBody(req.body), { currentContent: draft.content });
    // Every redisplay keeps what was typed and the revision the form was opened on.
    const kept = form.kept;
    if (!form.ok)
      return render(
        req,
        res,
        page,
        { ...kept, fieldErrors: form.fieldErrors, nonFieldErrors: form.nonFieldErrors },
        400,
      );
    const { fields, publish, content: cleanContent } = form;
    // An explicit 'Continue and overwrite' / 'Overwrite with my changes' skips the stale-form check.
    const baseRevisionId = form.overwrite ? undefined : form.baseRevisionId;
    if (publish && !permissions.can('publish', page))
      throw forbidden('You do not have permission to publish this page.');
    try {
      if (!publish && form.submit) {
        // Saved exactly as Save draft, then put up for review ('change' on the page is enough).
        const { outcome } = await saveAndSubmit(db, page.id, req.user!.id, fields, {
          baseRevisionId,
          content: cleanContent,
        });
        setFlash(
          req,
          `Page '${fields.title}' has been ${outcome === 'resubmitted' ? 'resubmitted' : 'submitted'} for moderation.`,
        );
        return res.redirect(303, `/wagtail/pages/${page.id}/edit/`);
      }
      const saved = await saveRevision(db, page.id, req.user!.id, fields, {
        publish,
        schedule: form.schedule,
        baseRevisionId,
        content: cleanContent,
      });
      const scheduled = publish && !!saved.go_live_at && new Date(saved.go_live_at) > new Date();
      setFlash(
        req,
        scheduled
          ? `Page '${fields.title}' has been scheduled for publishing. It goes live on ${formatDateTimeLong(saved.go_live_at!)}.`
          : publish
            ? `Page '${saved.title}' has been published.`
            : `Page '${fields.title}' has been updated.`,
      );
      res.redirect(303, `/wagtail/pages/${page.id}/edit/`);
    } catch (error) {
      // 400 bad input, 409 stale form, 423 locked by someone else: redisplay with the input kept.
      const shown = userFacingError(error);
      if (!shown) throw error;
      // A stale form offers the explicit choice to save over the newer version (kept as a draft or publish).
      const staleOverwrite = shown.status === 409 ? (publish ? 'publish' : 'draft') : undefined;
      const current = (await findPage(db, page.id)) ?? page;
      // Block field errors from the service (an embed host the site does not allow) mark their blocks.
      const blockErrors = Object.fromEntries(Object.entries(shown.fields ?? {}).filter(([key]) => key.includes('.')));
      const content = Object.keys(blockErrors).length
        ? { ...kept.content, errors: { ...kept.content.errors, ...blockErrors } }
        : kept.content;
      await render(
        req,
        res,
        current,
        { ...kept, content, ...formErrors(shown, PAGE_FIELD_NAMES), staleOverwrite },
        shown.status,
      );
    }
  });

  return router;
}
