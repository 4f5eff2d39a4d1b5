import express, { type Request, type Router } from 'express';
import type { Db } from '../../../db';
import { HttpError, notFound } from '../../../errors';
import { pkParamsSchema } from '../../../../shared/schemas/viewset';
import type { MediaStorage } from '../../../storage/media-storage';
import { collectionChoices } from '../../collections/service';
import { DOCUMENT_MODEL, documentTagChoices } from '../../documents/service';
import { IMAGE_MODEL, imageTagChoices } from '../../images/library-service';
import { imageForBlocks } from '../../images/service';
import { modelPermissionsFor } from '../../permissions/model-policy';

/**
 * What the block editor's image and document choosers (client/admin/choosers/) need besides the
 * media APIs: /wagtail/images/chooser/ and /wagtail/documents/chooser/ give their collection
 * and tag filters, and
 * /wagtail/images/chooser/{image_id}/ (Wagtail's "image chosen" step) the chosen image as a
 * block stores it, with its AVIF, WebP and original-format renditions made now so every listed
 * size is real. Mounted before the media viewsets, whose '{pk}/' would take 'chooser'.
 */
export function imageChooserRoutes({ db, storage }: { db: Db; storage: MediaStorage }): Router {
  const router = express.Router();
  const needImages = async (req: Request) => {
    if (!(await modelPermissionsFor(db, req)).canAny(IMAGE_MODEL))
      throw new HttpError(403, 'forbidden', 'You do not have permission to choose images.');
  };

  // Permission: admin access and any wagtailimages permission (as the images API).
  router.get('/images/chooser/', async (req, res) => {
    await needImages(req);
    res.setHeader('Cache-Control', 'no-store, private');
    res.json({ collections: await collectionChoices(db), tags: await imageTagChoices(db) });
  });

  // Permission: admin access and any wagtailimages permission (as the images API).
  router.get('/images/chooser/:pk/', async (req, res) => {
    await needImages(req);
    const params = pkParamsSchema.safeParse(req.params);
    if (!params.success) throw notFound('The image does not exist.');
    res.setHeader('Cache-Control', 'no-store, private');
    res.json({ image: await imageForBlocks(db, params.data.pk, storage, req.log) });
  });

  // Permission: admin access and any wagtaildocs permission (as the documents API). The document
  // chooser's collection filter; a chosen document is stored by id, so it needs no second step.
  router.get('/documents/chooser/', async (req, res) => {
    if (!(await modelPermissionsFor(db, req)).canAny(DOCUMENT_MODEL))
      throw new HttpError(403, 'forbidden', 'You do not have permission to choose documents.');
    res.setHeader('Cache-Control', 'no-store, private');
    res.json({ collections: await collectionChoices(db), tags: await documentTagChoices(db) });
  });

  return router;
}
