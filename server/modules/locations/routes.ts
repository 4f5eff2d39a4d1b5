import { Router, type Request } from 'express';
import type { z } from 'zod';
import type { Db } from '../../db';
import { badRequest } from '../../errors';
import { geocodeQuerySchema, locationQuerySchema, nearbyQuerySchema } from '../../../shared/schemas/locations';
import { OfflineGazetteerGeocoder, type Geocoder } from './geocoder';
import { mapAssetRoutes } from './map-assets';
import * as service from './service';

/** Query parameters through a shared schema; a failure is a 400 with one message list per field. */
function parseQuery<T extends z.ZodType>(schema: T, req: Request): z.infer<T> {
  const result = schema.safeParse(req.query);
  if (result.success) return result.data;
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [String(issue.path[0] ?? 'query')];
    const message = issue.code === 'unrecognized_keys' ? 'Unknown parameter' : issue.message;
    for (const key of keys) (fields[key] ??= []).push(message);
  }
  throw badRequest('Invalid query parameters', fields);
}

export type LocationRoutesOptions = { geocoder?: Geocoder };

/**
 * The public location API (spec section 7). All three are anonymous, read-only GETs
 * (permission: public). Routing is not strict, so each path answers with and without its trailing slash.
 */
export function locationRoutes(db: Db, options: LocationRoutesOptions = {}): Router {
  const geocoder = options.geocoder ?? new OfflineGazetteerGeocoder();
  const router = Router();
  router.use(mapAssetRoutes());

  router.get('/api/location/getlocations', async (req, res) => {
    const query = parseQuery(nearbyQuerySchema, req);
    res.set('Cache-Control', 'public, max-age=60').json(await service.nearbyLocations(db, query));
  });

  router.get('/api/location/getlocation', async (req, res) => {
    const { rlid } = parseQuery(locationQuerySchema, req);
    res.set('Cache-Control', 'public, max-age=60').json(await service.locationByRlid(db, rlid));
  });

  router.get('/api/location/geocode', async (req, res) => {
    const { q } = parseQuery(geocodeQuerySchema, req);
    res.set('Cache-Control', 'public, max-age=3600').json(await service.geocode(geocoder, q));
  });

  return router;
}
