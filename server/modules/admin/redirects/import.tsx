import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import multer from 'multer';
import type { Db } from '../../../db';
import { HttpError } from '../../../errors';
import { formErrors, parseOr400 } from '../../../http/validate';
import {
  REDIRECT_IMPORT_MAX_BYTES,
  REDIRECT_IMPORT_MAX_ROWS,
  redirectImportConfirmSchema,
  redirectImportOptionsSchema,
} from '../../../../shared/schemas/redirects';
import { RedirectImportPreviewScreen, RedirectImportScreen } from '../../../../views/admin/RedirectImportScreens';
import { csrfTokenFor } from '../../auth/csrf';
import { assertModelPermission } from '../../permissions/model-policy';
import { ImportFileError } from '../../redirects/import-file';
import { confirmImport, previewImport } from '../../redirects/import-service';
import { REDIRECT_MODEL } from '../../redirects/service';
import { listAllSites } from '../../sites/manage-service';
import { setFlash } from '../flash';
import { formBody } from '../form-input';
import { adminScreen } from '../screen';

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: REDIRECT_IMPORT_MAX_BYTES * 2, files: 1, fields: 10, parts: 12, fieldSize: 4096 },
}).single('import_file');

/**
 * Parses the import form's multipart body before the session stack, so the CSRF check finds its
 * field. Bounded (one file of at most 10 MB, a few small fields); files over 5 MB are then refused
 * with the form's own message. Mounted on the admin router ahead of the sessions.
 */
export function redirectImportUpload(req: Request, res: Response, next: NextFunction): void {
  if (req.method !== 'POST' || req.path !== '/redirects/import/') return next();
  upload(req, res, (error: unknown) => {
    if (!error) return next();
    const tooLarge = error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE';
    next(
      new HttpError(
        tooLarge ? 413 : 400,
        'bad_upload',
        tooLarge
          ? `The file is larger than ${REDIRECT_IMPORT_MAX_BYTES / 1024 / 1024} MB. Nothing was imported.`
          : 'The upload could not be read. Nothing was imported.',
      ),
    );
  });
}

/** /wagtail/redirects/import/: upload, preview (nothing written), confirm. Mounted before the redirects viewset. */
export function redirectImportRoutes({ db }: { db: Db }): Router {
  const router = express.Router();
  const renderForm = async (
    req: Request,
    res: Response,
    values: { site: string; is_permanent: string },
    error?: string,
    status = 200,
  ) => {
    const siteChoices = (await listAllSites(db)).map((site) => ({
      value: String(site.id),
      label: site.site_name || site.hostname,
    }));
    const element = (
      <RedirectImportScreen
        csrfToken={csrfTokenFor(req)}
        siteChoices={siteChoices}
        values={values}
        error={error}
        maxRows={REDIRECT_IMPORT_MAX_ROWS}
        maxMegabytes={REDIRECT_IMPORT_MAX_BYTES / 1024 / 1024}
      />
    );
    adminScreen(req, res, { section: 'redirects', title: 'Import redirects', element, status });
  };

  // Permission: wagtailredirects add.
  router.get('/redirects/import/', async (req, res) => {
    await assertModelPermission(db, req, REDIRECT_MODEL, 'add');
    await renderForm(req, res, { site: '', is_permanent: 'permanent' });
  });

  // Permission: wagtailredirects add. Shows the preview; writes nothing.
  router.post('/redirects/import/', async (req, res) => {
    await assertModelPermission(db, req, REDIRECT_MODEL, 'add');
    const body = formBody(req.body);
    const values = {
      site: typeof body.site === 'string' ? body.site : '',
      is_permanent: typeof body.is_permanent === 'string' ? body.is_permanent : 'permanent',
    };
    const options = redirectImportOptionsSchema.safeParse(values);
    if (!options.success) {
      const errors = formErrors(options.error, ['site', 'is_permanent']);
      return renderForm(
        req,
        res,
        values,
        [...Object.values(errors.fieldErrors), ...errors.nonFieldErrors].join(' '),
        400,
      );
    }
    const file = req.file;
    if (!file) return renderForm(req, res, values, 'Choose a file to import.', 400);
    try {
      const preview = await previewImport(
        db,
        req.user!.id,
        { name: file.originalname, bytes: file.buffer },
        {
          siteId: options.data.site === '' ? null : options.data.site,
          isPermanent: options.data.is_permanent === 'permanent',
        },
      );
      const element = <RedirectImportPreviewScreen csrfToken={csrfTokenFor(req)} {...preview} />;
      adminScreen(req, res, { section: 'redirects', title: `Preview of ${preview.fileName}`, element });
    } catch (error) {
      if (!(error instanceof ImportFileError)) throw error;
      await renderForm(req, res, values, error.message, 400);
    }
  });

  // Permission: wagtailredirects add. Writes the accepted rows of the preview.
  router.post('/redirects/import/process/', async (req, res) => {
    await assertModelPermission(db, req, REDIRECT_MODEL, 'add');
    const { token } = parseOr400(redirectImportConfirmSchema, formBody(req.body), 'import');
    const result = await confirmImport(db, req.user!.id, token);
    setFlash(
      req,
      `${result.created} ${result.created === 1 ? 'redirect' : 'redirects'} imported from ${result.fileName}.${result.skipped ? ` ${result.skipped} ${result.skipped === 1 ? 'row was' : 'rows were'} skipped: they changed since the preview.` : ''}`,
    );
    res.redirect(303, '/wagtail/redirects/');
  });
  return router;
}
