import express, { type Request, type Response, type Router } from 'express';
import type { Db } from '../../../db';
import { parseOr400 } from '../../../http/validate';
import type { TranslationEditorView } from '../../../../shared/admin/translations';
import {
  translateFormSchema,
  translationEditSchema,
  translationIdParams,
} from '../../../../shared/schemas/translations';
import { TranslateScreen, TranslationEditorScreen } from '../../../../views/admin/TranslationScreens';
import { csrfTokenFor } from '../../auth/csrf';
import type { Page } from '../../pages/table';
import { assertCan, forbidden, pagePermissions } from '../../permissions/policy';
import { loadTranslationEditor, saveTranslationEdits, type TranslationEdits } from '../../translations/editor-service';
import { placeholderHints } from '../../translations/rich-text-segments';
import { localeChoices, submitTranslation } from '../../translations/submit-service';
import { setFlash } from '../flash';
import { formBody, userFacingError } from '../form-input';
import { pageOf } from '../page-params';
import { adminScreen } from '../screen';

/**
 * wagtail-localize's screens: "Translate" (/wagtail/localize/submit/page/{id}/) and the
 * side-by-side editor (/wagtail/localize/translations/{id}/edit/).
 */
export function localizeRoutes({ db }: { db: Db }): Router {
  const router = express.Router();

  /**
   * Who may open "Translate": whoever can see the source page, or may add a page where one of its
   * translations would go (a translator granted only the French tree translates English pages).
   */
  const translatable = async (req: Request, page: Page) => {
    const locales = await localeChoices(db, req.user!, page);
    const permissions = await pagePermissions(db, req.user!);
    if (!permissions.can('view', page) && !locales.some((locale) => locale.state === 'available')) throw forbidden();
    return locales;
  };

  const renderSubmit = async (
    req: Request,
    res: Response,
    page: Page,
    form: { chosen: number[]; subpages: boolean; errors: string[] },
    status = 200,
  ) => {
    const locales = await localeChoices(db, req.user!, page);
    const element = (
      <TranslateScreen
        page={{ id: page.id, title: page.title, hasChildren: page.numchild > 0 }}
        locales={locales}
        csrfToken={csrfTokenFor(req)}
        {...form}
      />
    );
    adminScreen(req, res, { section: 'pages', title: `Translate ${page.title}`, element, status });
  };

  // Permission: 'view' on the page, or 'add' under one of its translated parents.
  router.get('/localize/submit/page/:id/', async (req, res) => {
    const page = await pageOf(db, req);
    const locales = await translatable(req, page);
    const available = locales.filter((locale) => locale.state === 'available').map((locale) => locale.id);
    await renderSubmit(req, res, page, {
      chosen: available.length === 1 ? available : [],
      subpages: false,
      errors: [],
    });
  });

  // Permission: as GET; then 'add' under the translated parent in every chosen locale (the service).
  router.post('/localize/submit/page/:id/', async (req, res) => {
    const page = await pageOf(db, req);
    await translatable(req, page);
    const parsed = translateFormSchema.safeParse(formBody(req.body));
    if (!parsed.success) {
      return renderSubmit(req, res, page, { chosen: [], subpages: false, errors: ['Choose valid locales.'] }, 400);
    }
    const { locales, include_subtree } = parsed.data;
    try {
      const created = await submitTranslation(db, req.user!, page.id, {
        localeIds: locales,
        subpages: include_subtree,
      });
      setFlash(
        req,
        `'${page.title}' was translated into ${created.length === 1 ? 'one page' : `${created.length} pages`}: translate its text below.`,
      );
      res.redirect(303, `/wagtail/pages/${created[0]!.pageId}/edit/`);
    } catch (error) {
      const shown = userFacingError(error);
      if (!shown) throw error;
      const messages = shown.fields ? Object.values(shown.fields).flat() : [];
      await renderSubmit(
        req,
        res,
        page,
        { chosen: locales, subpages: include_subtree, errors: messages.length ? messages : [shown.message] },
        400,
      );
    }
  });

  const renderEditor = async (
    req: Request,
    res: Response,
    translationId: number,
    form: { values?: ReadonlyMap<string, string>; fieldErrors?: Record<string, string[]>; errors: string[] },
    status = 200,
  ) => {
    const editor = await loadTranslationEditor(db, translationId);
    const permissions = await pagePermissions(db, req.user!);
    const view: TranslationEditorView = {
      translationId,
      page: {
        id: editor.page.id,
        title: editor.page.title,
        live: editor.page.live,
        latestRevisionId: editor.page.latest_revision_id,
      },
      source: { id: editor.source.page.id, title: editor.source.page.title, languageCode: editor.source.languageCode },
      languageCode: editor.languageCode,
      segments: editor.segments.map((item) => ({
        id: item.segment.id,
        label: item.segment.label,
        kind: item.segment.kind,
        source: item.segment.source,
        placeholderHints: placeholderHints(item.segment.placeholders ?? []),
        target: form.values?.get(item.segment.id) ?? item.target,
        state: item.state,
        ...(item.oldSource !== undefined ? { oldSource: item.oldSource } : {}),
        ...(form.fieldErrors?.[item.segment.id] ? { error: form.fieldErrors[item.segment.id]![0] } : {}),
      })),
      progress: editor.progress,
      canPublish: permissions.can('publish', editor.page),
      errors: form.errors,
      csrfToken: csrfTokenFor(req),
    };
    adminScreen(req, res, {
      section: 'pages',
      title: `Translate ${editor.page.title}`,
      element: <TranslationEditorScreen {...view} />,
      status,
    });
  };

  const translatedPageOf = async (req: Request) => {
    const { id } = parseOr400(translationIdParams, req.params, 'translation id');
    const editor = await loadTranslationEditor(db, id);
    return { id, page: editor.page };
  };

  // Permission: 'change' on the translated page.
  router.get('/localize/translations/:id/edit/', async (req, res) => {
    const { id, page } = await translatedPageOf(req);
    await assertCan(db, req.user!, 'change', page);
    await renderEditor(req, res, id, { errors: [] });
  });

  // Permission: 'change' on the translated page, and 'publish' to publish it.
  router.post('/localize/translations/:id/edit/', async (req, res) => {
    const { id, page } = await translatedPageOf(req);
    await assertCan(db, req.user!, 'change', page);
    const parsed = translationEditSchema.safeParse(formBody(req.body));
    if (!parsed.success) return renderEditor(req, res, id, { errors: ['The form could not be read.'] }, 400);
    const edits: TranslationEdits = parsed.data;
    if (edits.publish) await assertCan(db, req.user!, 'publish', page);
    try {
      await saveTranslationEdits(db, id, req.user!.id, edits);
      setFlash(
        req,
        edits.publish
          ? `Page '${page.title}' has been published.`
          : `The translation of '${page.title}' has been saved.`,
      );
      res.redirect(303, `/wagtail/localize/translations/${id}/edit/`);
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
