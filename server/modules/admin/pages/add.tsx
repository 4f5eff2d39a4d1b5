import express, { type Request, type Response, type Router } from 'express';
import type { Db } from '../../../db';
import { badRequest, notFound } from '../../../errors';
import { formErrors, parseOr400 } from '../../../http/validate';
import { PAGE_FIELD_NAMES } from '../../../../shared/schemas/admin';
import { addPageOfTypeParams, addPageParams } from '../../../../shared/schemas/page-actions';
import { AddPageScreen, ChooseTypeScreen, type AddValues } from '../../../../views/admin/PageActionScreens';
import { csrfTokenFor } from '../../auth/csrf';
import type { PageTypeDefinition } from '../../pages/page-type';
import { pageTypeOf } from '../../pages/page-types';
import { addPage, childTypesFor, findPage } from '../../pages/service';
import type { Page, PageContent } from '../../pages/table';
import { assertCan } from '../../permissions/policy';
import { setFlash } from '../flash';
import { formBody, userFacingError } from '../form-input';
import { adminScreen } from '../screen';
import { blockEditorView } from './edit/block-editor';
import { editorFieldViews } from './edit/editor-fields';
import { readEditForm, type KeptInput } from './edit/form';

/** A new page's body: each stream field an empty list. */
const emptyBody = (type: PageTypeDefinition): PageContent =>
  Object.fromEntries(type.streamFields.map((field) => [field, []]));

type AddContext = { parent: Page; type: PageTypeDefinition };
type AddForm = {
  values: AddValues;
  fieldErrors: Partial<Record<keyof AddValues, string>>;
  errors: string[];
  content?: KeptInput['content'];
  editorFields?: KeptInput['editorFields'];
};

/** Wagtail's create view: choose a type, then the new page's form (behind requireAdmin). */
export function addRoutes({ db }: { db: Db }): Router {
  const router = express.Router();

  // Permission: 'add' on the parent.
  router.get('/pages/add/:parent_page_id/', async (req, res) => {
    const { parent_page_id } = parseOr400(addPageParams, req.params, 'parent page id');
    const parent = await findPage(db, parent_page_id);
    if (!parent) throw notFound('The parent page does not exist.');
    await assertCan(db, req.user!, 'add', parent);
    const types = childTypesFor(parent);
    // Wagtail skips the chooser when only one type fits.
    if (types.length === 1) return res.redirect(302, `/wagtail/pages/add/${types[0]!.type}/${parent.id}/`);
    adminScreen(req, res, {
      section: 'pages',
      title: `Create a page in ${parent.title}`,
      element: <ChooseTypeScreen parent={parent} types={types} />,
    });
  });

  const addContext = async (req: Request): Promise<AddContext> => {
    const params = parseOr400(addPageOfTypeParams, req.params, 'page type or parent');
    const parent = await findPage(db, params.parent_page_id);
    const type = pageTypeOf(params.type);
    if (!parent || !type) throw notFound('The parent page or page type does not exist.');
    await assertCan(db, req.user!, 'add', parent);
    if (!type.parentTypes.includes(parent.page_type))
      throw badRequest(`A ${type.label} cannot be created under '${parent.title}'.`);
    return { parent, type };
  };

  const renderAdd = (
    req: Request,
    res: Response,
    ctx: AddContext,
    { content, editorFields, ...form }: AddForm,
    status = 200,
  ) => {
    // The new page's body is edited here already (Wagtail's create view), empty to start with.
    const blockEditor = blockEditorView(ctx.type, emptyBody(ctx.type), content?.json, content?.errors);
    const element = (
      <AddPageScreen
        parent={ctx.parent}
        type={{ type: ctx.type.type, label: ctx.type.label }}
        csrfToken={csrfTokenFor(req)}
        blockEditor={blockEditor}
        editorFields={editorFieldViews(ctx.type, {}, editorFields)}
        {...form}
      />
    );
    adminScreen(req, res, {
      section: 'pages',
      title: `New ${ctx.type.label}`,
      element,
      status,
      blockEditor: blockEditor !== null,
    });
  };

  // Permission: 'add' on the parent.
  router.get('/pages/add/:type/:parent_page_id/', async (req, res) => {
    const ctx = await addContext(req);
    renderAdd(req, res, ctx, {
      values: { title: '', slug: '', seo_title: '', search_description: '' },
      fieldErrors: {},
      errors: [],
    });
  });

  // Permission: 'add' on the parent ('publish' too when publishing at once).
  router.post('/pages/add/:type/:parent_page_id/', async (req, res) => {
    const ctx = await addContext(req);
    // The edit screen's form reader: the same fields, drafts defer required fields, publishing does not.
    const form = readEditForm({ page_type: ctx.type.type }, formBody(req.body), { isNew: true });
    const { values, content: typed, editorFields } = form.kept;
    if (!form.ok)
      return renderAdd(
        req,
        res,
        ctx,
        { values, fieldErrors: form.fieldErrors, errors: form.nonFieldErrors, content: typed, editorFields },
        400,
      );
    if (form.publish) await assertCan(db, req.user!, 'publish', ctx.parent);
    try {
      const page = await addPage(db, {
        parentId: ctx.parent.id,
        pageType: ctx.type.type,
        ...form.fields,
        content: form.content ?? emptyBody(ctx.type),
        userId: req.user!.id,
        publish: form.publish,
        deferRequired: true,
      });
      setFlash(req, form.publish ? `Page '${page.title}' created and published.` : `Page '${page.title}' created.`);
      res.redirect(303, `/wagtail/pages/${page.id}/edit/`);
    } catch (error) {
      const shown = userFacingError(error);
      if (!shown) throw error;
      const { fieldErrors, nonFieldErrors } = formErrors(shown, PAGE_FIELD_NAMES);
      renderAdd(req, res, ctx, { values, fieldErrors, errors: nonFieldErrors, content: typed, editorFields }, 400);
    }
  });

  return router;
}
