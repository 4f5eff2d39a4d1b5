import { Router, type Request } from 'express';
import * as z from 'zod';
import type { Db } from '../../db';
import { notFound } from '../../errors';
import type { MediaStorage } from '../../storage/media-storage';
import type { CollectionGate } from '../privacy/collection-gate';
import { asciiName, sendStoredObject } from '../documents/routes';
import { findTrack, openVideo, videoUrl } from './service';

const ID = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
const videoParams = z.object({ id: ID, filename: z.string().min(1).max(200) });
// Digits only: '1e3', ' 7' or '0x10' are not a track's pk.
const trackParams = z.object({
  pk: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .pipe(z.number().max(2 ** 31 - 1)),
});

/**
 * The video library's public files: GET /videos/{id}/{filename} (the video with its recognised
 * type and byte ranges, which a player uses to seek) and GET /video-track/{pk}/ (a caption track as
 * text/vtt). Both follow the collection privacy rule of the documents: a video in a restricted
 * collection, and its tracks, go only to visitors its restriction lets in, and are never cached.
 */
export function videoRoutes(db: Db, storage: MediaStorage, gate: CollectionGate): Router {
  const router = Router();
  router.get('/videos/:id/:filename', async (req: Request<{ id: string; filename: string }>, res) => {
    const params = videoParams.safeParse(req.params);
    if (!params.success) throw notFound('No such video.');
    const found = await openVideo(db, storage, params.data.id, params.data.filename);
    if (!found) throw notFound('No such video.');
    const { video, object } = found;
    const access = await gate(req, res, video.collection_id);
    if (access === 'answered' || !object) {
      object?.body.destroy();
      // Another file name of this video (it was replaced): the current file.
      if (access !== 'answered')
        res
          .set('Cache-Control', access === 'public' ? 'public, max-age=300' : 'private, no-store')
          .redirect(302, videoUrl(video));
      return;
    }
    res.set({
      'Content-Type': video.mimetype,
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': `inline; filename="${asciiName(video.file_name)}"; filename*=UTF-8''${encodeURIComponent(video.file_name)}`,
      'Cache-Control': access === 'public' ? 'public, max-age=3600' : 'private, no-store',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    });
    await sendStoredObject(req, res, object, 'video');
  });

  router.get('/video-track/:pk/', async (req: Request<{ pk: string }>, res) => {
    const params = trackParams.safeParse(req.params);
    if (!params.success) throw notFound('No such track.');
    const track = await findTrack(db, params.data.pk);
    if (!track) throw notFound('No such track.');
    const access = await gate(req, res, track.collection_id);
    if (access === 'answered') return;
    res.set({
      'Content-Type': 'text/vtt; charset=utf-8',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': access === 'public' ? 'public, max-age=300' : 'private, no-store',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    });
    res.send(track.source);
  });
  return router;
}
