import sharp from 'sharp';
import type { Db } from '../db';
import { createImage, imageForBlocks } from '../modules/images/service';
import { videoForBlocks } from '../modules/videos/service';
import type { MediaStorage } from '../storage/media-storage';
import { ASPECT_SIZES, DEMO_IMAGES } from '../../views/blocks/demo-images';
import { demoArtSvg } from './demo-art';

/**
 * Draws and stores the demo images (the same bytes on every run). Returns catalogue number ->
 * stored image id, which resolveDemoImages uses to fill in block values.
 */
export async function seedDemoImages(db: Db, storage: MediaStorage): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  for (const [index, entry] of DEMO_IMAGES.entries()) {
    const [width, height] = ASPECT_SIZES[entry.aspect];
    const data = await sharp(Buffer.from(demoArtSvg(entry.key, { width, height })))
      .jpeg({ quality: 85 })
      .toBuffer();
    const image = await createImage(db, storage, { title: entry.dish, data, defaultAltText: entry.alt });
    ids.set(index + 1, image.id);
  }
  return ids;
}

type Json = unknown;
const isImageValue = (value: Json): value is { image_id: number; renditions: unknown[] } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { image_id?: unknown }).image_id === 'number' &&
  Array.isArray((value as { renditions?: unknown }).renditions);

const isVideoValue = (value: Json): value is { media_id: number; sources: unknown[] } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { media_id?: unknown }).media_id === 'number' &&
  Array.isArray((value as { sources?: unknown }).sources);

/** The demo videos' stored ids, and the page's language: its caption track becomes the default. */
export type DemoVideoIds = { ids: Map<number, number>; language: string };

/**
 * Replaces every demo image placeholder in a block value with the stored image's renditions,
 * and every demo video placeholder with the stored video (sources, poster, caption tracks).
 */
export async function resolveDemoImages<T>(
  value: T,
  db: Db,
  storage: MediaStorage,
  ids: Map<number, number>,
  videos?: DemoVideoIds,
): Promise<T> {
  const walk = async (node: Json): Promise<Json> => {
    // One at a time: inside the seed's transaction the connection runs one query at once.
    if (Array.isArray(node)) {
      const out: Json[] = [];
      for (const child of node) out.push(await walk(child));
      return out;
    }
    if (videos && isVideoValue(node)) {
      const id = videos.ids.get(node.media_id);
      if (id === undefined) return node;
      const video = await videoForBlocks(db, id, storage);
      const own = video.tracks.find((track) => track.srclang === videos.language);
      return {
        ...video,
        tracks: own ? video.tracks.map((track) => ({ ...track, default: track === own })) : video.tracks,
      };
    }
    if (isImageValue(node)) {
      const id = ids.get(node.image_id);
      if (id === undefined) return node;
      const image = await imageForBlocks(db, id, storage);
      return {
        ...image,
        default_alt_text: (node as { default_alt_text?: string }).default_alt_text || image.default_alt_text,
      };
    }
    if (typeof node === 'object' && node !== null) {
      const out: Record<string, Json> = {};
      for (const [key, child] of Object.entries(node)) out[key] = await walk(child);
      return out;
    }
    return node;
  };
  return (await walk(value)) as T;
}
