import sharp from 'sharp';
import type { Db } from '../db';
import { createImage, imageForBlocks } from '../modules/images/service';
import type { MediaStorage } from '../modules/images/storage';
import { ASPECT_SIZES, DEMO_IMAGES } from '../../views/blocks/demo-images';

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** One demo photograph as SVG: a food-toned gradient, a simple shape and the dish name. */
function demoSvg(entry: (typeof DEMO_IMAGES)[number]): string {
  const [width, height] = ASPECT_SIZES[entry.aspect];
  const [light, dark] = entry.colors;
  const shape =
    entry.shape === 'circle'
      ? `<circle cx="${width * 0.68}" cy="${height * 0.45}" r="${Math.min(width, height) * 0.3}" fill="#F6F0E6" fill-opacity="0.35"/>`
      : `<path d="M0 ${height * 0.62} Q ${width * 0.25} ${height * 0.5} ${width * 0.5} ${height * 0.62} T ${width} ${height * 0.62} V ${height} H 0 Z" fill="#F6F0E6" fill-opacity="0.25"/>`;
  const fontSize = Math.round(Math.min(width, height) * 0.09);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>${shape}
  <text x="${width * 0.06}" y="${height * 0.88}" font-family="DejaVu Serif, serif" font-weight="bold" font-size="${fontSize}" fill="#FFFFFF">${escapeXml(entry.dish)}</text>
</svg>`;
}

/**
 * Draws and stores the demo images (the same bytes on every run). Returns catalogue number ->
 * stored image id, which resolveDemoImages uses to fill in block values.
 */
export async function seedDemoImages(db: Db, storage: MediaStorage): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  for (const [index, entry] of DEMO_IMAGES.entries()) {
    const data = await sharp(Buffer.from(demoSvg(entry))).jpeg({ quality: 85 }).toBuffer();
    const image = await createImage(db, storage, { title: entry.dish, data, defaultAltText: entry.dish });
    ids.set(index + 1, image.id);
  }
  return ids;
}

type Json = unknown;
const isImageValue = (value: Json): value is { image_id: number; renditions: unknown[] } =>
  typeof value === 'object' && value !== null && typeof (value as { image_id?: unknown }).image_id === 'number' && Array.isArray((value as { renditions?: unknown }).renditions);

/** Replaces every demo image placeholder in a block value with the stored image's renditions. */
export async function resolveDemoImages<T>(value: T, db: Db, storage: MediaStorage, ids: Map<number, number>): Promise<T> {
  const walk = async (node: Json): Promise<Json> => {
    // One at a time: inside the seed's transaction the connection runs one query at once.
    if (Array.isArray(node)) {
      const out: Json[] = [];
      for (const child of node) out.push(await walk(child));
      return out;
    }
    if (isImageValue(node)) {
      const id = ids.get(node.image_id);
      if (id === undefined) return node;
      const image = await imageForBlocks(db, id, storage);
      return { ...image, default_alt_text: (node as { default_alt_text?: string }).default_alt_text || image.default_alt_text };
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
