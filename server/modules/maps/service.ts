import type { Readable } from 'node:stream';
import type { Db } from '../../db';
import { notFound } from '../../errors';
import type { MediaStorage } from '../../storage/media-storage';
import { findByRlid } from '../locations/repo';
import { renderStaticMap, staticMapKey, type StaticMapVariant } from './static-map';

/** Where a static map lives in the media storage: by the hash of what it shows. */
export const staticMapStorageKey = (hash: string) => `maps/static/${hash}.png`;

export type ServedStaticMap = {
  body: Readable | Buffer;
  size: number;
  etag: string;
  cacheHit: boolean;
  lastModified?: Date;
};

// Requests for the same picture in this process share one render (renditions do the same).
const inFlight = new Map<string, Promise<Buffer>>();

/**
 * A restaurant's map image, drawn on first request and kept in the media storage (a local
 * directory or S3), so every dyno serves the same bytes and none draws it twice. The storage
 * key is the hash of the restaurant's coordinates and the map's version: a restaurant that moves
 * gets a new image, and the old one is never served for it again.
 */
export async function openStaticMap(
  db: Db,
  storage: MediaStorage,
  rlid: number,
  variant: StaticMapVariant,
): Promise<ServedStaticMap> {
  const row = await findByRlid(db, rlid);
  if (!row) throw notFound('No such restaurant.');
  const hash = staticMapKey({ latitude: row.latitude, longitude: row.longitude, variant });
  const key = staticMapStorageKey(hash);
  const stored = await storage.open(key);
  if (stored)
    return {
      body: stored.body,
      size: stored.size,
      etag: `"${hash}"`,
      cacheHit: true,
      lastModified: stored.lastModified,
    };
  const flight = `${storage.description}:${key}`;
  let work = inFlight.get(flight);
  if (!work) {
    work = (async () => {
      const png = await renderStaticMap({ latitude: row.latitude, longitude: row.longitude, variant });
      await storage.put(key, png, { size: png.length, contentType: 'image/png' });
      return png;
    })().finally(() => inFlight.delete(flight));
    inFlight.set(flight, work);
  }
  const png = await work;
  return { body: png, size: png.length, etag: `"${hash}"`, cacheHit: false };
}
