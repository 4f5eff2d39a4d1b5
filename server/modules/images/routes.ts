import { Router } from 'express';
import { z } from 'zod';
import type { Db } from '../../db';
import { HttpError } from '../../errors';
import { renditionParamsSchema } from '../../../shared/schemas/image-renditions';
import { renditionFor } from './service';
import type { MediaStorage } from './storage';

const fileNameSchema = z.string().regex(/^w(\d{1,5})\.([a-z]{1,5})$/);

/**
 * GET /media/images/{id}/w{width}.{format}: a rendition, made on first request and cached on
 * disk. URLs never change meaning (an original is never replaced in place), so they are cached
 * for a year as immutable.
 */
export function imageRoutes(db: Db, storage: MediaStorage): Router {
  const router = Router();
  router.get('/media/images/:id/:file', async (req, res) => {
    const name = fileNameSchema.safeParse(req.params.file);
    if (!name.success) throw new HttpError(404, 'not_found', 'No such rendition.');
    const [, width, format] = name.data.match(/^w(\d+)\.(\w+)$/)!;
    const params = renditionParamsSchema.safeParse({ id: req.params.id, width, format });
    if (!params.success) {
      const fields: Record<string, string[]> = {};
      for (const issue of params.error.issues) (fields[String(issue.path[0])] ??= []).push(issue.message);
      // A malformed id cannot name an image: that is "not found", not a bad request.
      if (fields.id) throw new HttpError(404, 'not_found', 'No such image.');
      throw new HttpError(400, 'bad_rendition', 'Invalid rendition request.', fields);
    }
    const file = await renditionFor(db, storage, params.data);
    res.set({
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Type': file.mimetype,
      'X-Rendition-Cache': file.cacheHit ? 'hit' : 'miss',
    });
    res.sendFile(file.path, { dotfiles: 'deny', lastModified: true, acceptRanges: false, cacheControl: false });
  });
  return router;
}
