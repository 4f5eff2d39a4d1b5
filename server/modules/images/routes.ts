import { Router } from 'express';
import * as z from 'zod';
import type { Db } from '../../db';
import { HttpError } from '../../errors';
import { invalid } from '../../http/validate';
import { renditionParamsSchema } from '../../../shared/schemas/image-renditions';
import type { MediaStorage } from '../../storage/media-storage';
import { streamBody } from '../../http/stream-body';
import { openRendition } from './service';

/** A day: long enough for browsers and the edge, short enough for a replaced file to show. */
export const RENDITION_CACHE_CONTROL = 'public, max-age=86400';

const fileNameSchema = z.string().regex(/^w(\d{1,5})\.([a-z]{1,5})$/);

/**
 * GET /media/images/{id}/w{width}.{format}: a rendition, made on first request and kept in the
 * media storage (streamed from it afterwards). An image's file can be replaced in place (the id
 * stays, pages follow), so a rendition URL can change content: it is cached for a day and then
 * revalidated by Last-Modified, which bounds how long a replaced picture can look stale.
 */
export function imageRoutes(db: Db, storage: MediaStorage): Router {
  const router = Router();
  router.get('/media/images/:id/:file', async (req, res) => {
    const name = fileNameSchema.safeParse(req.params.file);
    if (!name.success) throw new HttpError(404, 'not_found', 'No such rendition.');
    const [, width, format] = name.data.match(/^w(\d+)\.(\w+)$/)!;
    const params = renditionParamsSchema.safeParse({ id: req.params.id, width, format });
    if (!params.success) {
      // A malformed id cannot name an image: that is "not found", not a bad request.
      if (params.error.issues.some((issue) => issue.path[0] === 'id'))
        throw new HttpError(404, 'not_found', 'No such image.');
      throw invalid(params.error, 'rendition request');
    }
    const rendition = await openRendition(db, storage, params.data, req.log);
    res.set({
      'Cache-Control': RENDITION_CACHE_CONTROL,
      'Content-Type': rendition.mimetype,
      'Content-Length': String(rendition.size),
      'X-Rendition-Cache': rendition.cacheHit ? 'hit' : 'miss',
    });
    if (rendition.lastModified) res.set('Last-Modified', rendition.lastModified.toUTCString());
    if (Buffer.isBuffer(rendition.body)) {
      res.end(rendition.body);
      return;
    }
    if (req.fresh) {
      rendition.body.destroy();
      res.status(304).end();
      return;
    }
    await streamBody(req, res, 'rendition', rendition.body);
  });
  return router;
}
