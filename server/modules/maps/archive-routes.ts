import { Router } from 'express';
import * as z from 'zod';
import { archiveMapStyle } from '../../../shared/maps/archive-style';
import { HttpError } from '../../errors';
import { tileForClient, type MapArchive } from './map-archive';

const tileSchema = z.object({
  z: z.coerce.number().int().min(0).max(30),
  x: z.coerce.number().int().min(0),
  y: z.coerce.number().int().min(0),
});
const YEAR = 'public, max-age=31536000, immutable';

/** The archive's URLs: its id changes with the archive, so its tiles can be cached for a year. */
const archiveBase = (archive: MapArchive) => `/maps/pmtiles/${archive.id}`;
export const archiveStylePath = (archive: MapArchive) => `${archiveBase(archive)}/style.json`;
export const archiveTilesPath = (archive: MapArchive) => `${archiveBase(archive)}/tiles/{z}/{x}/{y}.mvt`;

/**
 * MAP_PMTILES (permission: public): the archive's vector tiles through this site's own URLs, so
 * the browser never talks to the archive's host and the CSP stays same-origin, and the site's
 * style for them. Tiles go out as stored (gzip) to browsers that accept it.
 */
export function archiveRoutes(archive: MapArchive): Router {
  const router = Router();
  const style = JSON.stringify(
    archiveMapStyle({
      tilesUrl: archiveTilesPath(archive),
      minzoom: archive.minZoom,
      maxzoom: archive.maxZoom,
      bounds: archive.bounds,
      attribution: archive.attribution,
    }),
  );

  router.get(archiveStylePath(archive), (_req, res) => {
    // Short: the style follows the site's code, and a new archive gets a new id (and style URL).
    res.set({ 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=300' }).send(style);
  });

  router.get(`${archiveBase(archive)}/tiles/:z/:x/:file`, async (req, res) => {
    const match = /^(\d{1,8})\.mvt$/.exec(req.params.file);
    const address = tileSchema.safeParse({ z: req.params.z, x: req.params.x, y: match?.[1] });
    if (!match || !address.success) throw new HttpError(404, 'not_found', 'No such tile.');
    const { z: zoom, x, y } = address.data;
    if (zoom < archive.minZoom || zoom > archive.maxZoom || x >= 2 ** zoom || y >= 2 ** zoom)
      throw new HttpError(404, 'not_found', 'No such tile.');
    const stored = await archive.tile(zoom, x, y);
    res.set({ 'Cache-Control': YEAR, Vary: 'Accept-Encoding' });
    // A vector archive leaves out tiles with nothing in them: an empty answer MapLibre draws as empty.
    if (!stored) {
      res.status(204).end();
      return;
    }
    const { body, encoding } = await tileForClient(archive, stored, (name) => req.acceptsEncodings(name) === name);
    res.set({ 'Content-Type': 'application/vnd.mapbox-vector-tile', 'Content-Length': String(body.length) });
    if (encoding) res.set('Content-Encoding', encoding);
    res.end(body);
  });
  return router;
}
