import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Db } from '../../../db';
import { parseOr400 } from '../../../http/validate';
import { receiveUpload } from '../../../media/upload';
import type { TranslationFileContext } from '../../../../shared/admin/translations';
import {
  TRANSLATION_FILE_MAX_BYTES,
  translationDownloadQuery,
  translationIdParams,
  translationImportConfirmSchema,
} from '../../../../shared/schemas/translations';
import {
  TranslationDownloadScreen,
  TranslationImportPreviewScreen,
  TranslationUploadScreen,
} from '../../../../views/admin/TranslationFileScreens';
import { csrfTokenFor } from '../../auth/csrf';
import { assertCan } from '../../permissions/policy';
import { TranslationFileError } from '../../translations/exchange-file';
import {
  applyTranslationFile,
  exportTranslationFile,
  loadFileScreen,
  previewTranslationFile,
  type FileScreen,
} from '../../translations/exchange-service';
import { setFlash } from '../flash';
import { formBody, userFacingError } from '../form-input';
import { adminScreen } from '../screen';

const contextOf = (screen: FileScreen): TranslationFileContext => ({
  translationId: screen.translationId,
  page: { id: screen.page.id, title: screen.page.title },
  source: { id: screen.sourcePage.id, title: screen.sourcePage.title, languageCode: screen.sourceLanguage },
  languageCode: screen.targetLanguage,
  subpageCount: screen.subpageCount,
});

const MAX_MEGABYTES = TRANSLATION_FILE_MAX_BYTES / 1_000_000;

/**
 * Files for translation agencies (docs/decisions/2026-11-29-page-translation.md): download a
 * translation's segments as PO or XLIFF 2.1, upload the translated file, preview, apply.
 */
export function translationFileRoutes({ db }: { db: Db }): Router {
  const router = express.Router();
  const screenOf = async (req: Request) => {
    const { id } = parseOr400(translationIdParams, req.params, 'translation id');
    return loadFileScreen(db, id);
  };
  // Held in memory: the limit (plus a byte to tell "over" from "exactly") is checked while it streams.
  const receive = receiveUpload({
    db,
    maxBytes: TRANSLATION_FILE_MAX_BYTES + 1,
    maxFieldBytes: 4096,
    to: { memory: true, field: 'translation_file' },
    messages: {
      tooLarge: `The file is larger than ${MAX_MEGABYTES} MB. Nothing was applied.`,
      unreadable: 'The upload could not be read. Nothing was applied.',
    },
  });
  // Before a byte of the body is read: 'change' on the translated page.
  const mayChange = async (req: Request, res: Response, next: NextFunction) => {
    res.locals.fileScreen = await screenOf(req);
    await assertCan(db, req.user!, 'change', (res.locals.fileScreen as FileScreen).page);
    next();
  };

  const renderUpload = (
    req: Request,
    res: Response,
    screen: FileScreen,
    problems: Array<{ line: number | null; reason: string }>,
    status = 200,
  ) => {
    const element = (
      <TranslationUploadScreen
        {...contextOf(screen)}
        problems={problems}
        maxMegabytes={MAX_MEGABYTES}
        csrfToken={csrfTokenFor(req)}
      />
    );
    adminScreen(req, res, {
      section: 'pages',
      title: `Upload a translated file: ${screen.page.title}`,
      element,
      status,
    });
  };

  // Permission: 'view' on the source page. With ?format=po|xliff the file, else the form.
  router.get('/localize/translations/:id/download/', async (req, res) => {
    const screen = await screenOf(req);
    await assertCan(db, req.user!, 'view', screen.sourcePage);
    const query = parseOr400(translationDownloadQuery, req.query, 'download');
    if (!query.format) {
      const element = <TranslationDownloadScreen {...contextOf(screen)} />;
      return adminScreen(req, res, {
        section: 'pages',
        title: `Download for translation: ${screen.page.title}`,
        element,
      });
    }
    const file = await exportTranslationFile(db, screen.translationId, {
      format: query.format,
      subpages: query.subpages,
      all: query.all,
    });
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(file.body);
  });

  // Permission: 'change' on the translated page.
  router.get('/localize/translations/:id/upload/', mayChange, (req, res) => {
    renderUpload(req, res, res.locals.fileScreen as FileScreen, []);
  });

  // Permission: 'change' on the translated page (before the body is read); then 'change' on every
  // page the file touches. Shows the preview; writes nothing but the preview itself.
  router.post('/localize/translations/:id/upload/', mayChange, receive, async (req: Request, res: Response) => {
    const screen = res.locals.fileScreen as FileScreen;
    const file = req.file;
    if (!file) return renderUpload(req, res, screen, [{ line: null, reason: 'Choose a file to upload.' }], 400);
    try {
      const preview = await previewTranslationFile(db, req.user!, screen.translationId, {
        name: file.originalname,
        bytes: file.buffer,
      });
      const element = (
        <TranslationImportPreviewScreen {...contextOf(screen)} {...preview} csrfToken={csrfTokenFor(req)} />
      );
      adminScreen(req, res, { section: 'pages', title: `Preview of ${preview.fileName}`, element });
    } catch (error) {
      if (!(error instanceof TranslationFileError)) throw error;
      renderUpload(req, res, screen, error.problems, 400);
    }
  });

  // Permission: 'change' on the translated page and on every page of the preview (the service). All or nothing.
  router.post('/localize/translations/:id/upload/apply/', mayChange, async (req, res) => {
    const screen = res.locals.fileScreen as FileScreen;
    const { token } = parseOr400(translationImportConfirmSchema, formBody(req.body), 'import');
    try {
      const result = await applyTranslationFile(db, req.user!, screen.translationId, token);
      setFlash(
        req,
        `${result.segments} segment${result.segments === 1 ? '' : 's'} of ${result.pages} page${result.pages === 1 ? '' : 's'} translated from ${result.fileName}.`,
      );
      res.redirect(303, `/wagtail/localize/translations/${screen.translationId}/edit/`);
    } catch (error) {
      const shown = userFacingError(error);
      if (!shown) throw error;
      renderUpload(req, res, screen, [{ line: null, reason: shown.message }], shown.status);
    }
  });

  return router;
}
