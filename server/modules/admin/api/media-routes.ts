import express, { type Request, type Router } from 'express';
import type { Db } from '../../../db';
import { HttpError, notFound } from '../../../errors';
import { invalid } from '../../../http/validate';
import {
  mediaApiFindQuerySchema,
  mediaApiListQuerySchema,
  mediaApiParamsSchema,
} from '../../../../shared/schemas/media-api';
import { DOCUMENT_MODEL, documentApiDetail, documentApiList } from '../../documents/service';
import { modelPermissionsFor } from '../../permissions/model-policy';
import { IMAGE_MODEL, imageApiDetail, imageApiList } from '../../images/library-service';
import type { MediaStorage } from '../../../storage/media-storage';
import { findVideo, VIDEO_MODEL, videoApiDetail, videoApiList } from '../../videos/service';

const pkOf = (req: Request) => {
  const parsed = mediaApiParamsSchema.safeParse(req.params);
  if (!parsed.success) throw notFound('The document does not exist.');
  return parsed.data.pk;
};

/**
 * /wagtail/api/main/documents/ (Wagtail's admin API v2 for documents): list (limit capped at 20,
 * search, collection, order), detail by pk and find by id. Behind requireAdmin; the user needs a
 * permission on documents (the chooser's own need), as the screens do.
 */
export function mediaApiRoutes({ db, storage }: { db: Db; storage: MediaStorage }): Router {
  const router = express.Router();
  const needDocuments = async (req: Request) => {
    if (!(await modelPermissionsFor(db, req)).canAny(DOCUMENT_MODEL))
      throw new HttpError(403, 'forbidden', 'You do not have permission to see documents.');
  };

  // Permission: admin access and any wagtaildocs permission.
  router.get('/api/main/documents/', async (req, res) => {
    await needDocuments(req);
    const query = mediaApiListQuerySchema.safeParse(req.query);
    if (!query.success) throw invalid(query.error, 'query');
    res.setHeader('Cache-Control', 'no-store, private');
    res.json(await documentApiList(db, query.data));
  });

  // Permission: admin access and any wagtaildocs permission.
  router.get('/api/main/documents/find/', async (req, res) => {
    await needDocuments(req);
    const query = mediaApiFindQuerySchema.safeParse(req.query);
    if (!query.success) throw invalid(query.error, 'query');
    await documentApiDetail(db, query.data.id);
    res.redirect(302, `/wagtail/api/main/documents/${query.data.id}/`);
  });

  // Permission: admin access and any wagtaildocs permission.
  router.get('/api/main/documents/:pk/', async (req, res) => {
    await needDocuments(req);
    res.setHeader('Cache-Control', 'no-store, private');
    res.json(await documentApiDetail(db, pkOf(req)));
  });

  const needImages = async (req: Request) => {
    if (!(await modelPermissionsFor(db, req)).canAny(IMAGE_MODEL))
      throw new HttpError(403, 'forbidden', 'You do not have permission to see images.');
  };

  // Permission: admin access and any wagtailimages permission.
  router.get('/api/main/images/', async (req, res) => {
    await needImages(req);
    const query = mediaApiListQuerySchema.safeParse(req.query);
    if (!query.success) throw invalid(query.error, 'query');
    res.setHeader('Cache-Control', 'no-store, private');
    res.json(await imageApiList(db, query.data));
  });

  // Permission: admin access and any wagtailimages permission.
  router.get('/api/main/images/find/', async (req, res) => {
    await needImages(req);
    const query = mediaApiFindQuerySchema.safeParse(req.query);
    if (!query.success) throw invalid(query.error, 'query');
    await imageApiDetail(db, query.data.id);
    res.redirect(302, `/wagtail/api/main/images/${query.data.id}/`);
  });

  // Permission: admin access and any wagtailimages permission.
  router.get('/api/main/images/:pk/', async (req, res) => {
    await needImages(req);
    const parsed = mediaApiParamsSchema.safeParse(req.params);
    if (!parsed.success) throw notFound('The image does not exist.');
    res.setHeader('Cache-Control', 'no-store, private');
    res.json(await imageApiDetail(db, parsed.data.pk));
  });

  const needVideos = async (req: Request) => {
    if (!(await modelPermissionsFor(db, req)).canAny(VIDEO_MODEL))
      throw new HttpError(403, 'forbidden', 'You do not have permission to see videos.');
  };

  // Permission: admin access and any wagtailmedia permission (the block editor's video chooser).
  router.get('/api/main/videos/', async (req, res) => {
    await needVideos(req);
    const query = mediaApiListQuerySchema.safeParse(req.query);
    if (!query.success) throw invalid(query.error, 'query');
    res.setHeader('Cache-Control', 'no-store, private');
    res.json(await videoApiList(db, storage, query.data));
  });

  // Permission: admin access and any wagtailmedia permission.
  router.get('/api/main/videos/find/', async (req, res) => {
    await needVideos(req);
    const query = mediaApiFindQuerySchema.safeParse(req.query);
    if (!query.success) throw invalid(query.error, 'query');
    if (!(await findVideo(db, query.data.id))) throw notFound('The video does not exist.');
    res.redirect(302, `/wagtail/api/main/videos/${query.data.id}/`);
  });

  // Permission: admin access and any wagtailmedia permission.
  router.get('/api/main/videos/:pk/', async (req, res) => {
    await needVideos(req);
    const parsed = mediaApiParamsSchema.safeParse(req.params);
    if (!parsed.success) throw notFound('The video does not exist.');
    res.setHeader('Cache-Control', 'no-store, private');
    res.json(await videoApiDetail(db, storage, parsed.data.pk));
  });

  return router;
}
