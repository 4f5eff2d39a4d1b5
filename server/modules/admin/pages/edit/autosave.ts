import express, { type Router } from 'express';
import type { Db } from '../../../../db';
import { badRequest, HttpError } from '../../../../errors';
import { NON_FIELD } from '../../../../http/validate';
import type { AutosaveResponse } from '../../../../../shared/schemas/editing-sessions';
import { loadDraft, saveRevision } from '../../../pages/edit-service';
import { forbidden } from '../../../permissions/policy';
import { permissionsFor } from '../../../permissions/request';
import { formBody } from '../../form-input';
import { pageIdOf } from '../../page-params';
import { readEditForm } from './form';

/**
 * Autosave of the edit form (JSON, X-CSRFToken): validated exactly as Save draft (readEditForm,
 * the block body strictly per block) and saved as a draft revision. It never publishes, and it
 * never saves over a newer revision: the base revision is required and an overwrite flag is
 * ignored, so a stale form is a 409 and the user decides. Errors are JSON (400 with fields).
 */
export function autosaveRoutes({ db }: { db: Db }): Router {
  const router = express.Router();

  // Permission: 'change' on the page.
  router.post('/pages/:id/edit/autosave/', async (req, res) => {
    const { page, draft } = await loadDraft(db, pageIdOf(req));
    if (!(await permissionsFor(db, req)).can('change', page))
      throw forbidden('You do not have permission to edit this page.');
    const body = formBody(req.body);
    const form = readEditForm(page, body, { currentContent: draft.content });
    if (!form.ok) {
      // The same field errors as the screen, plus each marked block's, keyed by its path.
      const fields: Record<string, string[]> = Object.create(null);
      for (const [name, message] of Object.entries(form.fieldErrors)) if (message) fields[name] = [message];
      for (const [path, messages] of Object.entries(form.kept.content.errors)) fields[path] = messages;
      for (const [name, message] of Object.entries(form.kept.editorFields.errors)) fields[name] = [message];
      if (form.nonFieldErrors.length) fields[NON_FIELD] = form.nonFieldErrors;
      throw new HttpError(400, 'invalid_page', 'Not saved automatically: the page has errors.', fields);
    }
    if (form.baseRevisionId === undefined)
      throw badRequest('The revision the form was opened on is missing.', {
        base_revision_id: ['This field is required.'],
      });
    const saved = await saveRevision(db, page.id, req.user!.id, form.fields, {
      publish: false,
      baseRevisionId: form.baseRevisionId,
      content: form.content,
      autosave: true,
    });
    const response: AutosaveResponse = { revision_id: saved.latest_revision_id!, saved_at: new Date().toISOString() };
    res.setHeader('Cache-Control', 'no-store, private');
    res.json(response);
  });

  return router;
}
