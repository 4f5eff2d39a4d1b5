import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Db } from '../../../db';
import { receiveUpload } from '../../../media/upload';
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
import { listAllSites } from '../../site-management/service';
import { setFlash } from '../flash';
import { formBody } from '../form-input';
import { adminScreen } from '../screen';

/** /wagtail/redirects/import/: upload, preview (nothing written), confirm. Mounted before the redirects viewset. */
export function redirectImportRoutes({ db }: { db: Db }): Router {
  const router = express.Router();
  // The file is held in memory, so the limit is the import's own (5 MB, plus a byte to tell
  // "over" from "exactly"), enforced while it streams; read only after the permission check.
  const receive = receiveUpload({
    db,
    maxBytes: REDIRECT_IMPORT_MAX_BYTES + 1,
    maxFieldBytes: 4096,
    to: { memory: true, field: 'import_file' },
    messages: {
      tooLarge: `The file is larger than ${REDIRECT_IMPORT_MAX_BYTES / 1024 / 1024} MB. Nothing was imported.`,
      unreadable: 'The upload could not be read. Nothing was imported.',
    },
  });
  const mayAdd = async (req: Request, _res: Response, next: NextFunction) => {
    await assertModelPermission(db, req, REDIRECT_MODEL, 'add');
    next();
  };
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
  router.post('/redirects/import/', mayAdd, receive, async (req: Request, res: Response) => {
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
