import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Router } from 'express';
import * as z from 'zod';
import type { Db } from '../../db';
import { HttpError } from '../../errors';
import { BASE_MAP_FONT_PATH, BASE_MAP_VERSION } from '../../../shared/maps/base-map';
import type { MediaStorage } from '../../storage/media-storage';
import { streamBody } from '../../http/stream-body';
import { openStaticMap } from './service';
import { baseMapTiles, isTileAddress } from './tiles';
import { archiveRoutes } from './archive-routes';
import type { MapArchive } from './map-archive';

const require = createRequire(import.meta.url);
const FONT_FILE = require.resolve('@fontsource/source-sans-3/files/source-sans-3-latin-400-normal.woff2');

const tileSchema = z.object({ z: z.coerce.number().int(), x: z.coerce.number().int(), y: z.coerce.number().int() });
const staticMapSchema = z.object({
  rlid: z.coerce.number().int().positive().max(2_147_483_647),
  variant: z.enum(['small', 'large']),
});
const YEAR = 'public, max-age=31536000, immutable';

/**
 * The offline base map (permission: public): vector tiles and the label font for the map page,
 * and the map images of location pages. Tile and font URLs carry the map's version, so they
 * are cached for a year; a map image is cached for a day (a restaurant may move).
 */
export function mapRoutes(db: Db, storage: MediaStorage, archive?: MapArchive): Router {
  const router = Router();
  if (archive) router.use(archiveRoutes(archive));

  router.get(`/maps/v${BASE_MAP_VERSION}/tiles/:z/:x/:file`, async (req, res) => {
    const match = /^(\d{1,7})\.pbf$/.exec(req.params.file);
    const address = tileSchema.safeParse({ z: req.params.z, x: req.params.x, y: match?.[1] });
    if (!match || !address.success || !isTileAddress(address.data.z, address.data.x, address.data.y))
      throw new HttpError(404, 'not_found', 'No such tile.');
    const tile = (await baseMapTiles()).encoded(address.data.z, address.data.x, address.data.y);
    res
      .set({ 'Content-Type': 'application/x-protobuf', 'Cache-Control': YEAR, 'Content-Length': String(tile.length) })
      .end(tile);
  });

  const font = readFileSync(FONT_FILE);
  router.get(BASE_MAP_FONT_PATH, (_req, res) => {
    res.set({ 'Content-Type': 'font/woff2', 'Cache-Control': YEAR, 'Access-Control-Allow-Origin': '*' }).end(font);
  });

  router.get('/media/maps/locations/:rlid/:file', async (req, res) => {
    const match = /^(\w+)\.png$/.exec(req.params.file);
    const params = staticMapSchema.safeParse({ rlid: req.params.rlid, variant: match?.[1] });
    if (!params.success) throw new HttpError(404, 'not_found', 'No such map image.');
    const map = await openStaticMap(db, storage, params.data.rlid, params.data.variant);
    res.set({
      'Content-Type': 'image/png',
      'Cache-Control': 'public, max-age=86400',
      ETag: map.etag,
      'Content-Length': String(map.size),
      'X-Map-Cache': map.cacheHit ? 'hit' : 'miss',
    });
    if (req.fresh) {
      if (!Buffer.isBuffer(map.body)) map.body.destroy();
      res.status(304).end();
      return;
    }
    if (Buffer.isBuffer(map.body)) {
      res.end(map.body);
      return;
    }
    await streamBody(req, res, 'map image', map.body);
  });

  return router;
}
