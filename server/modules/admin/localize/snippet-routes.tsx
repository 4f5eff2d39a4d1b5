import express, { type Request, type Response, type Router } from 'express';
import type { Db } from '../../../db';
import { parseOr400 } from '../../../http/validate';
import type { SnippetTranslateFormView, SnippetTranslationEditorView } from '../../../../shared/admin/translations';
import {
  snippetTranslateParams,
  translateFormSchema,
  translationEditSchema,
  translationIdParams,
} from '../../../../shared/schemas/translations';
import {
  SnippetTranslateScreen,
  SnippetTranslationEditorScreen,
} from '../../../../views/admin/SnippetTranslationScreens';
import { csrfTokenFor } from '../../auth/csrf';
import { modelPermissionsFor } from '../../permissions/model-policy';
import { forbidden } from '../../permissions/policy';
import type { ChromeListing } from '../../snippets/service';
import type { TranslationEdits } from '../../translations/editor-service';
import {
  SNIPPET_NAMES,
  maySnippetTranslate,
  snippetModelOf,
  snippetRow,
  snippetTitle,
  type SnippetTranslateAction,
  type SnippetTranslator,
} from '../../translations/snippet-access';
import {
  loadSnippetTranslationEditor,
  saveSnippetTranslationEdits,
  snippetTranslationSummaries,
} from '../../translations/snippet-editor-service';
import type { SnippetModel } from '../../translations/snippet-segments';
import { liveLinks, snippetLocaleChoices, submitSnippetTranslation } from '../../translations/snippet-submit-service';
import { ADMIN_VIEWSETS } from '../areas';
import { setFlash } from '../flash';
import { formBody, userFacingError } from '../form-input';
import { adminScreen } from '../screen';
import { modelKey, urlOf } from '../viewsets/definition';
import { mayDo } from '../viewsets/permission-policy';

/**
 * Translating the localized snippets (header menus, footers) as pages are translated: "Translate"
 * (/wagtail/localize/submit/snippet/{app}/{model}/{id}/) and the side-by-side editor
 * (/wagtail/localize/snippet-translations/{id}/edit/). Who may: whoever holds the model permission,
 * or the same right on pages of the target language on the snippet's site (snippet-access.ts).
 */
export function snippetLocalizeRoutes({ db }: { db: Db }): Router {
  const router = express.Router();

  const translatorOf = async (req: Request): Promise<SnippetTranslator> => ({
    user: req.user!,
    models: await modelPermissionsFor(db, req),
  });

  /** The snippet's edit screen, when this user may open it. */
  const editHref = async (req: Request, model: SnippetModel, id: number) => {
    const viewSet = ADMIN_VIEWSETS.find((v) => modelKey(v) === model);
    return viewSet && mayDo(await modelPermissionsFor(db, req), viewSet, 'edit') ? urlOf(viewSet, 'edit', id) : null;
  };

  const sourceOf = async (req: Request) => {
    const params = parseOr400(snippetTranslateParams, req.params, 'snippet');
    const model = snippetModelOf(params.app, params.model);
    return { model, row: await snippetRow(db, model, params.id) };
  };

  /**
   * Opening Translate needs some right on the model, or the right to translate into one of the
   * other languages (a new one, an existing one, or a translation made before).
   */
  const choicesFor = async (req: Request, model: SnippetModel, row: ChromeListing) => {
    const who = await translatorOf(req);
    const locales = await snippetLocaleChoices(db, who, model, row);
    if (who.models.canAny(model)) return locales;
    for (const locale of locales) {
      if (locale.state === 'available' || locale.state === 'existing') return locales;
      if (
        locale.state === 'translated' &&
        (await maySnippetTranslate(db, who, model, row.site_id, locale.languageCode, 'change'))
      )
        return locales;
    }
    throw forbidden();
  };

  const renderSubmit = async (
    req: Request,
    res: Response,
    model: SnippetModel,
    row: ChromeListing,
    form: { chosen: number[]; errors: string[] },
    status = 200,
  ) => {
    const [app, name] = model.split('.') as [string, string];
    const view: SnippetTranslateFormView = {
      snippet: {
        app,
        model: name,
        id: row.id,
        title: snippetTitle(model, row),
        name: SNIPPET_NAMES[model],
        editHref: await editHref(req, model, row.id),
      },
      locales: await choicesFor(req, model, row),
      translations: await snippetTranslationSummaries(db, await liveLinks(db, model, row.id), row.id),
      csrfToken: csrfTokenFor(req),
      ...form,
    };
    adminScreen(req, res, {
      section: 'snippets',
      title: `Translate ${view.snippet.title}`,
      element: <SnippetTranslateScreen {...view} />,
      status,
    });
  };

  // Permission: any right on the model, or the right to translate into another language (choicesFor).
  router.get('/localize/submit/snippet/:app/:model/:id/', async (req, res) => {
    const { model, row } = await sourceOf(req);
    const locales = await choicesFor(req, model, row);
    const open = locales.filter((l) => l.state === 'available' || l.state === 'existing').map((l) => l.id);
    await renderSubmit(req, res, model, row, { chosen: open.length === 1 ? open : [], errors: [] });
  });

  // Permission: as GET; then 'add' (a new snippet) or 'change' (an existing one) per chosen language (the service).
  router.post('/localize/submit/snippet/:app/:model/:id/', async (req, res) => {
    const { model, row } = await sourceOf(req);
    await choicesFor(req, model, row);
    const parsed = translateFormSchema.safeParse(formBody(req.body));
    if (!parsed.success)
      return renderSubmit(req, res, model, row, { chosen: [], errors: ['Choose valid locales.'] }, 400);
    const { locales } = parsed.data;
    try {
      const ids = await submitSnippetTranslation(db, await translatorOf(req), model, row.id, locales);
      setFlash(req, `'${snippetTitle(model, row)}' was translated: translate its text below.`);
      res.redirect(303, `/wagtail/localize/snippet-translations/${ids[0]!}/edit/`);
    } catch (error) {
      const shown = userFacingError(error);
      if (!shown) throw error;
      const messages = shown.fields ? Object.values(shown.fields).flat() : [];
      const errors = messages.length ? messages : [shown.message];
      await renderSubmit(req, res, model, row, { chosen: locales, errors }, shown.status);
    }
  });

  /** The translation, after checking the user may `action` it (the target's site and language). */
  const translationFor = async (req: Request, action: SnippetTranslateAction) => {
    const { id } = parseOr400(translationIdParams, req.params, 'translation id');
    const editor = await loadSnippetTranslationEditor(db, id);
    const { model, target } = editor;
    if (!(await maySnippetTranslate(db, await translatorOf(req), model, target.site_id, target.language_code, action)))
      throw forbidden();
    return editor;
  };

  const renderEditor = async (
    req: Request,
    res: Response,
    translationId: number,
    form: { values?: ReadonlyMap<string, string>; fieldErrors?: Record<string, string[]>; errors: string[] },
    status = 200,
  ) => {
    const editor = await loadSnippetTranslationEditor(db, translationId);
    const { model, source, target } = editor;
    const [app, name] = model.split('.') as [string, string];
    const who = await translatorOf(req);
    const view: SnippetTranslationEditorView = {
      translationId,
      title: snippetTitle(model, target),
      source: {
        title: snippetTitle(model, source),
        languageCode: source.language_code,
        translateHref: `/wagtail/localize/submit/snippet/${app}/${name}/${source.id}/`,
        editHref: await editHref(req, model, source.id),
      },
      target: { editHref: await editHref(req, model, target.id) },
      languageCode: target.language_code,
      latestRevisionId: editor.latestRevisionId,
      segments: editor.segments.map((item) => {
        const typed = form.values?.get(item.segment.id);
        const suggested = typed === undefined && item.suggestion !== undefined;
        return {
          id: item.segment.id,
          label: item.segment.label,
          kind: item.segment.kind,
          source: item.segment.source,
          placeholderHints: [],
          target: typed ?? (suggested ? item.suggestion! : item.target),
          state: item.state,
          ...(suggested ? { suggested: true } : {}),
          ...(item.oldSource !== undefined ? { oldSource: item.oldSource } : {}),
          ...(form.fieldErrors?.[item.segment.id] ? { error: form.fieldErrors[item.segment.id]![0] } : {}),
        };
      }),
      progress: editor.progress,
      canPublish: await maySnippetTranslate(db, who, model, target.site_id, target.language_code, 'publish'),
      errors: form.errors,
      csrfToken: csrfTokenFor(req),
    };
    adminScreen(req, res, {
      section: 'snippets',
      title: `Translate ${view.title}`,
      element: <SnippetTranslationEditorScreen {...view} />,
      status,
    });
  };

  // Permission: 'change' on the model, or 'change' on the site's home page in the target language.
  router.get('/localize/snippet-translations/:id/edit/', async (req, res) => {
    const editor = await translationFor(req, 'change');
    await renderEditor(req, res, editor.translation.id, { errors: [] });
  });

  // Permission: as GET, and 'publish' (on the model or that home page) to publish.
  router.post('/localize/snippet-translations/:id/edit/', async (req, res) => {
    const editor = await translationFor(req, 'change');
    const id = editor.translation.id;
    const parsed = translationEditSchema.safeParse(formBody(req.body));
    if (!parsed.success) return renderEditor(req, res, id, { errors: ['The form could not be read.'] }, 400);
    const edits: TranslationEdits = parsed.data;
    if (edits.publish) await translationFor(req, 'publish');
    const title = snippetTitle(editor.model, editor.target);
    try {
      await saveSnippetTranslationEdits(db, id, req.user!.id, edits);
      setFlash(req, edits.publish ? `'${title}' has been published.` : `The translation of '${title}' has been saved.`);
      res.redirect(303, `/wagtail/localize/snippet-translations/${id}/edit/`);
    } catch (error) {
      const shown = userFacingError(error);
      if (!shown) throw error;
      const fieldErrors = shown.fields ?? {};
      const count = Object.keys(fieldErrors).length;
      const errors = count
        ? [`${count} segment${count > 1 ? 's have' : ' has'} errors: nothing was saved.`]
        : [shown.message];
      await renderEditor(req, res, id, { values: edits.values, fieldErrors, errors }, shown.status);
    }
  });

  return router;
}
