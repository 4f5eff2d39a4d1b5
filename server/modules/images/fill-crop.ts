import sharp from 'sharp';
import { RENDITION_MIMETYPES, type RenditionFormat } from '../../../shared/schemas/image-renditions';
import type { ImageRow } from './table';

/** A point as fractions of the image's width and height (0..1 each), as the edit form stores it. */
export type FocalPoint = { x: number; y: number };
export type Size = { width: number; height: number };
export type CropBox = { left: number; top: number; width: number; height: number };

/** The image's focal point, or none (crops then keep the centre). */
export function focalPointOf(image: Pick<ImageRow, 'focal_point_x' | 'focal_point_y'>): FocalPoint | null {
  return image.focal_point_x !== null && image.focal_point_y !== null
    ? { x: image.focal_point_x, y: image.focal_point_y }
    : null;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/**
 * The part of a `source` image that a fill-WxH rendition shows (Wagtail's 'fill' filter): the
 * largest box of the target's aspect ratio, centred on the focal point as far as the edges allow.
 * Without a focal point, the centre. Integer pixels, always inside the source.
 */
export function fillCropBox(source: Size, target: Size, focal: FocalPoint | null): CropBox {
  const targetRatio = target.width / target.height;
  const width = Math.max(1, Math.min(source.width, Math.round(source.height * targetRatio)));
  const height = Math.max(1, Math.min(source.height, Math.round(width / targetRatio)));
  const point = focal ?? { x: 0.5, y: 0.5 };
  const centreX = clamp(point.x, 0, 1) * source.width;
  const centreY = clamp(point.y, 0, 1) * source.height;
  return {
    left: clamp(Math.round(centreX - width / 2), 0, source.width - width),
    top: clamp(Math.round(centreY - height / 2), 0, source.height - height),
    width,
    height,
  };
}

/** Input pixels sharp may decode (as the upload check): a decompression bomb fails instead of filling memory. */
const LIMIT_INPUT_PIXELS = 100_000_000;

/**
 * Encodes a fill-WxH rendition: crops the original around its focal point (fillCropBox, in the
 * orientation the EXIF tag asks for), then scales down to the target (never up: a small original
 * gives a smaller image of the same shape, as Wagtail).
 */
export async function encodeFill(
  original: Buffer,
  target: Size,
  focal: FocalPoint | null,
  format: RenditionFormat,
): Promise<{ data: Buffer; info: Size; mimetype: string }> {
  const meta = await sharp(original, { limitInputPixels: LIMIT_INPUT_PIXELS }).metadata();
  if (!meta.width || !meta.height) throw new Error('The original has no dimensions.');
  // EXIF orientations 5-8 turn the image a quarter: the upright image has width and height swapped.
  const quarterTurn = (meta.orientation ?? 1) >= 5;
  const upright = quarterTurn ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
  const box = fillCropBox(upright, target, focal);
  // rotate() before extract(): sharp crops the upright image.
  const pipeline = sharp(original, { limitInputPixels: LIMIT_INPUT_PIXELS })
    .rotate()
    .extract(box)
    .resize({
      width: Math.min(target.width, box.width),
      height: Math.min(target.height, box.height),
      fit: 'fill',
      withoutEnlargement: true,
    });
  const encoded =
    format === 'avif'
      ? pipeline.avif({ quality: 50, effort: 2 })
      : format === 'webp'
        ? pipeline.webp({ quality: 75 })
        : format === 'jpeg'
          ? pipeline.jpeg({ quality: 80, mozjpeg: true })
          : pipeline.png({ compressionLevel: 9 });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height }, mimetype: RENDITION_MIMETYPES[format] };
}
