import express, { type Request, type Response, type Router } from 'express';
import type { Db } from '../../../db';
import { formErrors, parseOr400 } from '../../../http/validate';
import type { Logger } from '../../../logger';
import { renderPage, type RenderDeps } from '../../../ssr/render';
import { PAGE_FIELD_NAMES, pageFieldsFormSchema } from '../../../../shared/schemas/admin';
import { revisionParams } from '../../../../shared/schemas/page-actions';
import { contentForSave } from '../../pages/content';
import { loadDraft } from '../../pages/edit-service';
import { pageTypeOf } from '../../pages/page-types';
import { resolvePreview } from '../../pages/preview-service';
import { revisionOfPage } from '../../pages/revisions-service';
import type { Page, RevisionSnapshot } from '../../pages/table';
import { forbidden } from '../../permissions/policy';
import { permissionsFor } from '../../permissions/request';
import { formBody } from '../form-input';
import { pageIdOf } from '../page-params';
import { adminScreen } from '../screen';
import { readContentInput } from './edit/block-editor';

/**
 * Previews show a draft exactly as the public site would render it, without saving anything:
 * 'View draft' renders the latest revision; the edit form's Preview button posts the form as
 * typed (opened in a new tab, so the editor keeps its unsaved input).
 */
export function previewRoutes({ db, renderDeps, logger }: { db: Db; renderDeps: RenderDeps; logger: Logger }): Router {
  const router = express.Router();

  const editablePage = async (req: Request) => {
    const loaded = await loadDraft(db, pageIdOf(req));
    if (!(await permissionsFor(db, req)).can('change', loaded.page))
      throw forbidden('You do not have permission to preview this page.');
    return loaded;
  };

  const renderPreview = async (res: Response, page: Page, snapshot: RevisionSnapshot) => {
    const resolved = await resolvePreview(db, logger, page, snapshot);
    // Per-user, unpublished content: never cached, never indexed.
    res.setHeader('Cache-Control', 'no-store, private');
    res.setHeader('X-Robots-Tag', 'noindex');
    await renderPage(res, resolved, renderDeps, { preview: true });
  };

  // Permission: 'change' on the page (Wagtail: whoever may edit may view the draft).
  router.get('/pages/:id/view_draft/', async (req, res) => {
    const { page, draft } = await editablePage(req);
    await renderPreview(res, page, draft);
  });

  // Permission: 'change' on the page. An old revision as the site would render it (the revert preview).
  router.get('/pages/:id/revisions/:revision_id/preview/', async (req, res) => {
    const { revision_id } = parseOr400(revisionParams, req.params, 'revision id');
    const { page } = await editablePage(req);
    const revision = await revisionOfPage(db, page, revision_id);
    await renderPreview(res, page, revision.content);
  });

  // Permission: 'change' on the page.
  router.post('/pages/:id/edit/preview/', async (req, res) => {
    const { page, draft } = await editablePage(req);
    const body = formBody(req.body);
    const errors: string[] = [];
    const fields = pageFieldsFormSchema.safeParse(body);
    if (!fields.success) {
      // One list on a page of its own, so each field's message says which field it is about.
      const { fieldErrors, nonFieldErrors } = formErrors(fields.error, PAGE_FIELD_NAMES);
      errors.push(...Object.entries(fieldErrors).map(([name, message]) => `${name}: ${message}`), ...nonFieldErrors);
    }
    const input = readContentInput(body);
    let content = draft.content;
    if (!input.ok) errors.push(input.message);
    else if (input.content !== undefined) {
      const pageType = pageTypeOf(page.page_type);
      const checked = pageType ? contentForSave(pageType, input.content) : undefined;
      if (checked && !checked.ok) errors.push('The page body has errors: see the marked blocks in the editor.');
      else if (checked?.ok) content = checked.content;
    }
    if (!fields.success || errors.length > 0) {
      const element = <PreviewUnavailable pageId={page.id} errors={errors} />;
      return adminScreen(req, res, { section: 'pages', title: 'Preview not available', element, status: 400 });
    }
    const { title, slug, seo_title, search_description } = fields.data;
    await renderPreview(res, page, { ...draft, title, slug, seo_title, search_description, content });
  });

  return router;
}

function PreviewUnavailable({ pageId, errors }: { pageId: number; errors: string[] }) {
  return (
    <>
      <h1>Preview not available</h1>
      <div className="admin-errors" role="alert">
        <p>The preview cannot be shown until the form's errors are fixed. Nothing was saved.</p>
        <ul>
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      </div>
      <p>
        Close this tab to return to the editor, or{' '}
        <a href={`/wagtail/pages/${pageId}/edit/`}>open the saved version in the editor</a>.
      </p>
    </>
  );
}
