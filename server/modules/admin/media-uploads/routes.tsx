import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Db } from '../../../db';
import { HttpError } from '../../../errors';
import { receiveUpload, type UploadedFile } from '../../../media/upload';
import { parseOr400 } from '../../../http/validate';
import { uploadFieldsSchema } from '../../../../shared/schemas/documents';
import { pkParamsSchema } from '../../../../shared/schemas/viewset';
import { ReplaceFileScreen, UploadScreen, type UploadedView } from '../../../../views/admin/media/UploadScreen';
import { csrfTokenFor } from '../../auth/csrf';
import { collectionChoices } from '../../collections/service';
import { logModelAction } from '../../audit/model-log';
import { assertModelPermission } from '../../permissions/model-policy';
import { setFlash } from '../flash';
import { formBody } from '../form-input';
import { adminScreen } from '../screen';

type Stored = { id: number; title: string; version: number };

/**
 * One media library's upload screens, declared once (documents and images differ only here):
 * /wagtail/{area}/multiple/add/ (also posted to /wagtail/{area}/add/, the viewset's add URL) and
 * /wagtail/{area}/{id}/replace/. The viewset's generic add form has no file field: this is the one.
 */
export type MediaUploadKind<Item extends Stored> = {
  area: 'documents' | 'images' | 'videos';
  noun: 'document' | 'image' | 'video';
  /** The permission model, e.g. 'wagtaildocs.document'. */
  model: string;
  maxBytes: number;
  /** The file input's accept attribute and the help line under it. */
  accept: string;
  help: string;
  create(
    file: UploadedFile,
    fields: { title: string; altText: string; collectionId: number | undefined; userId: number },
  ): Promise<Item>;
  /** The line under an uploaded item's title (size, dimensions). */
  detail(item: Item): string;
  find(id: number): Promise<Stored | undefined>;
  /** Keeps the id and every link to it; removes the old file. */
  replace(id: number, file: UploadedFile): Promise<Item>;
};

const paths = (area: string) => ({
  add: `/${area}/add/`,
  multiple: `/${area}/multiple/add/`,
});

const wantsJson = (req: Request) => !req.accepts('html') || req.get('X-Requested-With') === 'fetch';

/**
 * The upload and replace routes of one library. Mounted before its viewset. A post's body is
 * read only after the permission check (the session, login and CSRF checks run before the whole
 * router), each file to `uploadDir` within the library's size limit.
 */
export function mediaUploadRoutes<Item extends Stored>(db: Db, kind: MediaUploadKind<Item>, uploadDir: string): Router {
  const router = express.Router();
  const { area, noun, model } = kind;
  const { add: addPath, multiple } = paths(area);
  const receive = receiveUpload({ db, maxBytes: kind.maxBytes, to: { disk: uploadDir } });
  const permitted = (action: 'add' | 'change') => async (req: Request, _res: Response, next: NextFunction) => {
    await assertModelPermission(db, req, model, action);
    next();
  };

  const renderAdd = async (
    req: Request,
    res: Response,
    options: {
      values?: { title: string; collection: string };
      error?: string;
      uploaded?: UploadedView[];
      status?: number;
    } = {},
  ) => {
    const element = (
      <UploadScreen
        area={area}
        noun={noun}
        csrfToken={csrfTokenFor(req)}
        accept={kind.accept}
        help={kind.help}
        collectionChoices={await collectionChoices(db)}
        values={options.values ?? { title: '', collection: '' }}
        error={options.error}
        uploaded={options.uploaded ?? []}
      />
    );
    adminScreen(req, res, { section: area, title: `Add ${area}`, element, status: options.status, uploads: true });
  };

  // Permission: the library's add permission.
  router.get(addPath, async (req, res) => {
    await assertModelPermission(db, req, model, 'add');
    res.redirect(303, `/wagtail${multiple}`);
  });

  // Permission: the library's add permission.
  router.get(multiple, async (req, res) => {
    await assertModelPermission(db, req, model, 'add');
    await renderAdd(req, res);
  });

  // Permission: the library's add permission. One file (the JavaScript sends each on its own) or several (no JavaScript).
  const add = async (req: Request, res: Response) => {
    await assertModelPermission(db, req, model, 'add');
    const body = formBody(req.body);
    const values = {
      title: typeof body.title === 'string' ? body.title : '',
      collection: typeof body.collection === 'string' ? body.collection : '',
    };
    const fields = uploadFieldsSchema.safeParse({
      ...values,
      default_alt_text: typeof body.default_alt_text === 'string' ? body.default_alt_text : '',
    });
    const files: UploadedFile[] = req.uploads ?? [];
    const problem = !fields.success
      ? fields.error.issues
          .map((issue) =>
            issue.path[0] === 'collection'
              ? 'Select a valid collection.'
              : `${String(issue.path[0])}: ${issue.message}`,
          )
          .join(' ')
      : files.length === 0
        ? 'Choose a file to upload.'
        : undefined;
    if (problem) {
      if (wantsJson(req)) throw new HttpError(400, 'bad_upload', problem);
      return renderAdd(req, res, { values, error: problem, status: 400 });
    }
    const uploaded: UploadedView[] = [];
    const errors: string[] = [];
    for (const file of files) {
      try {
        const single = files.length === 1;
        const item = await kind.create(file, {
          title: single ? fields.data!.title : '',
          altText: single ? fields.data!.default_alt_text : '',
          collectionId: fields.data!.collection,
          userId: req.user!.id,
        });
        await logModelAction(db, {
          model,
          objectId: item.id,
          objectStr: item.title,
          action: 'create',
          userId: req.user!.id,
        });
        uploaded.push({
          id: item.id,
          title: item.title,
          editUrl: `/wagtail/${area}/${item.id}/`,
          detail: kind.detail(item),
          version: item.version,
        });
      } catch (error) {
        if (!(error instanceof HttpError) || error.status >= 500) throw error;
        errors.push(`${file.originalName.slice(0, 120)}: ${error.message}`);
      }
    }
    if (wantsJson(req)) {
      if (errors.length && uploaded.length === 0) throw new HttpError(400, 'bad_upload', errors.join(' '));
      res.status(201).json({ uploaded, errors });
      return;
    }
    await renderAdd(req, res, {
      values: { title: '', collection: values.collection },
      uploaded,
      error: errors.length ? errors.join(' ') : undefined,
      status: errors.length ? 400 : 200,
    });
  };
  router.post(multiple, permitted('add'), receive, add);
  router.post(addPath, permitted('add'), receive, add);

  const renderReplace = async (req: Request, res: Response, id: number, error?: string, status = 200) => {
    const item = await kind.find(id);
    if (!item) throw new HttpError(404, 'not_found', `No such ${noun}.`);
    const element = (
      <ReplaceFileScreen
        area={area}
        noun={noun}
        id={id}
        title={item.title}
        csrfToken={csrfTokenFor(req)}
        accept={kind.accept}
        help={kind.help}
        error={error}
      />
    );
    adminScreen(req, res, { section: area, title: `Replace ${item.title}`, element, status });
  };

  // Permission: the library's change permission.
  router.get(`/${area}/:pk/replace/`, async (req, res) => {
    await assertModelPermission(db, req, model, 'change');
    await renderReplace(req, res, parseOr400(pkParamsSchema, req.params, `${noun} id`).pk);
  });

  // Permission: the library's change permission.
  router.post(`/${area}/:pk/replace/`, permitted('change'), receive, async (req: Request, res: Response) => {
    await assertModelPermission(db, req, model, 'change');
    const { pk } = parseOr400(pkParamsSchema, req.params, `${noun} id`);
    const file = req.uploads?.[0];
    if (!file) return renderReplace(req, res, pk, 'Choose a file to upload.', 400);
    try {
      const item = await kind.replace(pk, file);
      await logModelAction(db, {
        model,
        objectId: item.id,
        objectStr: item.title,
        action: 'edit',
        data: { changed: ['file'] },
        userId: req.user!.id,
      });
      setFlash(req, `The file of “${item.title}” was replaced.`);
      res.redirect(303, `/wagtail/${area}/${item.id}/`);
    } catch (error) {
      if (!(error instanceof HttpError) || error.status >= 500 || error.status === 404) throw error;
      await renderReplace(req, res, pk, error.message, 400);
    }
  });

  return router;
}
