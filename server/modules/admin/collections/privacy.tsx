import express, { type Request, type Response, type Router } from 'express';
import type { Db } from '../../../db';
import { notFound } from '../../../errors';
import { formErrors } from '../../../http/validate';
import { pkParamsSchema } from '../../../../shared/schemas/viewset';
import { privacyFormSchema } from '../../../../shared/schemas/privacy';
import { PrivacyScreen, type PrivacyScreenProps } from '../../../../views/admin/PrivacyScreen';
import { csrfTokenFor } from '../../auth/csrf';
import { findCollection, type CollectionListing } from '../../collections/service';
import { listGroups } from '../../permissions/groups-service';
import { assertModelPermission } from '../../permissions/model-policy';
import { collectionPrivacyOf, COLLECTION_MODEL, setCollectionPrivacy } from '../../privacy/collection-service';
import type { PrivacyState } from '../../privacy/service';
import { setFlash } from '../flash';
import { formBody, userFacingError } from '../form-input';
import { FIELDS, typedValues } from '../pages/privacy';
import { adminScreen } from '../screen';

const FLASH: Record<string, (name: string) => string> = {
  create: (name) => `Collection '${name}' is now private.`,
  edit: (name) => `Privacy settings of collection '${name}' updated.`,
  delete: (name) => `Collection '${name}' is now public.`,
  none: (name) => `Collection '${name}' stays public.`,
};

export const collectionPrivacyUrl = (id: number) => `/wagtail/collections/${id}/privacy/`;

/**
 * GET/POST /wagtail/collections/{id}/privacy/ (behind requireAdmin), the page privacy screen
 * applied to a collection. Permission: 'change' on collections (Wagtail's collection privacy view).
 */
export function collectionPrivacyRoutes({ db }: { db: Db }): Router {
  const router = express.Router();

  const collectionOf = async (req: Request): Promise<CollectionListing> => {
    await assertModelPermission(db, req, COLLECTION_MODEL, 'change');
    const params = pkParamsSchema.safeParse(req.params);
    const row = params.success ? await findCollection(db, params.data.pk) : undefined;
    // The root holds everything: restricting it is not offered (Wagtail neither).
    if (!row || row.depth <= 1) throw notFound('The collection does not exist.');
    return row;
  };

  const render = async (
    req: Request,
    res: Response,
    row: CollectionListing,
    state: PrivacyState,
    form: Pick<PrivacyScreenProps, 'values' | 'fieldErrors' | 'nonFieldErrors'>,
    status = 200,
  ) => {
    const groups = (await listGroups(db)).map((group) => ({ id: group.id, name: group.name }));
    const element = (
      <PrivacyScreen
        csrfToken={csrfTokenFor(req)}
        subject={{ kind: 'collection', id: row.id, title: row.name }}
        inheritedFrom={state.inheritedFrom}
        passwordSet={state.own?.passwordSet ?? false}
        groups={groups}
        {...form}
      />
    );
    adminScreen(req, res, { section: 'collections', title: `Privacy: ${row.name}`, element, status });
  };

  router.get('/collections/:pk/privacy/', async (req, res) => {
    const row = await collectionOf(req);
    const state = await collectionPrivacyOf(db, row);
    const values: PrivacyScreenProps['values'] = {
      restriction_type: state.own?.type ?? 'none',
      groups: (state.own?.groupIds ?? []).map(String),
    };
    await render(req, res, row, state, { values, fieldErrors: {}, nonFieldErrors: [] });
  });

  router.post('/collections/:pk/privacy/', async (req, res) => {
    const row = await collectionOf(req);
    const state = await collectionPrivacyOf(db, row);
    const body = formBody(req.body);
    const values = typedValues(body);
    if (state.inheritedFrom) {
      const message = `This collection is private because of the privacy settings of '${state.inheritedFrom.title}': change them there.`;
      return render(req, res, row, state, { values, fieldErrors: {}, nonFieldErrors: [message] }, 409);
    }
    const parsed = privacyFormSchema({
      passwordSet: state.own?.type === 'password' && state.own.passwordSet,
    }).safeParse(body);
    if (!parsed.success) return render(req, res, row, state, { values, ...formErrors(parsed.error, FIELDS) }, 400);
    try {
      const change = await setCollectionPrivacy(db, row, req.user!.id, parsed.data);
      setFlash(req, FLASH[change]!(row.name));
      res.redirect(303, `/wagtail/collections/${row.id}/`);
    } catch (error) {
      const shown = userFacingError(error);
      if (!shown) throw error;
      await render(
        req,
        res,
        row,
        await collectionPrivacyOf(db, row),
        { values, ...formErrors(shown, FIELDS) },
        shown.status,
      );
    }
  });

  return router;
}
