import { Router } from 'express';
import type { Db } from '../../db';
import { parseOr400 } from '../../http/validate';
import { cacheQuery } from '../../cache/fast-path';
import { geocodeQuerySchema, locationQuerySchema, nearbyQuerySchema } from '../../../shared/schemas/locations';
import { OfflineGazetteerGeocoder, type Geocoder } from './geocoder';
import { mapAssetRoutes } from './map-assets';
import * as service from './service';

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
    const query = parseOr400(nearbyQuerySchema, req.query, 'query');
    cacheQuery(res, Object.keys(nearbyQuerySchema.shape));
    res.set('Cache-Control', 'public, max-age=60').json(await service.nearbyLocations(db, query));
  });

  router.get('/api/location/getlocation', async (req, res) => {
    const { rlid } = parseOr400(locationQuerySchema, req.query, 'query');
    cacheQuery(res, Object.keys(locationQuerySchema.shape));
    res.set('Cache-Control', 'public, max-age=60').json(await service.locationByRlid(db, rlid));
  });

  router.get('/api/location/geocode', async (req, res) => {
    const { q, country } = parseOr400(geocodeQuerySchema, req.query, 'query');
    res.set('Cache-Control', 'public, max-age=3600').json(await service.geocode(geocoder, q, { country }));
  });

  return router;
}
