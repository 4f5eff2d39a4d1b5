import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';
import type { LocationCache } from './cache';

/** What the locations page loaders need from the app that serves the request. */
export type LocationsRuntime = {
  cache: LocationCache;
  mapStyleUrl: string | null;
  /** The map style of one site (its settings, else MAP_STYLE_URL). */
  mapStyleFor?: (siteId: number) => Promise<string | null>;
};

const storage = new AsyncLocalStorage<LocationsRuntime>();

/**
 * Page loaders receive only the database (pages module), but the cache and MAP_STYLE_URL belong
 * to one app instance: two apps in one process (tests, or one per dyno) must not share a cache,
 * or a flush could not be shown to reach the other one. The runtime rides on the request's async
 * context instead of widening the pages module's loader contract.
 */
export function locationsRuntime(runtime: LocationsRuntime) {
  return (_req: Request, _res: Response, next: NextFunction) => storage.run(runtime, next);
}

/** The serving app's runtime; undefined outside a request (scripts), which then skip the cache. */
export function currentLocationsRuntime(): LocationsRuntime | undefined {
  return storage.getStore();
}
