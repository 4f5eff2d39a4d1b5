import { createHash, randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import sharp from 'sharp';
import type { Db } from '../../db';
import { HttpError, notFound } from '../../errors';
import type { Image, Rendition } from '../../../shared/schemas/media';
import { RENDITION_MIMETYPES, renditionUrl, type RenditionFormat, type RenditionParams } from '../../../shared/schemas/image-renditions';
import * as repo from './repo';
import { mediaPath, renditionFile, writeFileAtomically, type MediaStorage } from './storage';
import type { ImageRow } from './table';

/**
 * Widths a block's srcset lists. A subset of the allowed widths: every listed rendition is made
 * when the block is saved (its byte size is part of the block value), so fewer is cheaper.
 */
export const BLOCK_WIDTHS = [480, 960, 1600] as const;

const ORIGINAL_FORMAT: Record<ImageRow['mimetype'], RenditionFormat> = { 'image/jpeg': 'jpeg', 'image/png': 'png' };

/** The formats an image may be served in: AVIF, WebP and its own format (never jpeg<->png). */
export const formatsFor = (image: ImageRow): RenditionFormat[] => ['avif', 'webp', ORIGINAL_FORMAT[image.mimetype]];

export type CreateImageInput = { title: string; data: Buffer; defaultAltText?: string; focalPoint?: [number, number] };

/** Stores an original (JPEG or PNG only) and records it in the library. */
export async function createImage(db: Db, storage: MediaStorage, input: CreateImageInput): Promise<ImageRow> {
  const meta = await sharp(input.data).metadata();
  const mimetype = meta.format === 'jpeg' ? 'image/jpeg' : meta.format === 'png' ? 'image/png' : undefined;
  if (!mimetype || !meta.width || !meta.height) throw new HttpError(400, 'unsupported_image', 'Only JPEG and PNG images can be added.');
  const slug = input.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'image';
  const file = `original_images/${slug}-${randomBytes(4).toString('hex')}.${ORIGINAL_FORMAT[mimetype]}`;
  await writeFileAtomically(mediaPath(storage, file), input.data);
  return repo.insertImage(db, {
    title: input.title,
    file,
    width: meta.width,
    height: meta.height,
    file_size: input.data.length,
    mimetype,
    default_alt_text: input.defaultAltText ?? '',
    focal_point_x: input.focalPoint?.[0] ?? null,
    focal_point_y: input.focalPoint?.[1] ?? null,
  });
}

export type RenditionFile = { path: string; mimetype: string; cacheHit: boolean; width: number; height: number; size: number };

// Requests for the same rendition in this process share one sharp run.
const inFlight = new Map<string, Promise<RenditionFile>>();

/**
 * The file of one rendition, made on first request and cached on disk with a row holding its
 * real dimensions and byte size. Unknown image -> 404; a format the image cannot have -> 400.
 */
export async function renditionFor(db: Db, storage: MediaStorage, params: RenditionParams): Promise<RenditionFile> {
  const image = await repo.findImage(db, params.id);
  if (!image) throw notFound('No such image.');
  if (!formatsFor(image).includes(params.format)) {
    throw new HttpError(400, 'bad_format', `This image is available as ${formatsFor(image).join(', ')}.`, { format: ['Unsupported format for this image.'] });
  }
  const relative = renditionFile(image.id, params.width, params.format);
  const key = `${storage.root}:${relative}`;
  const running = inFlight.get(key);
  if (running) return running;
  const work = ensureRendition(db, storage, image, params.width, params.format, relative).finally(() => inFlight.delete(key));
  inFlight.set(key, work);
  return work;
}

async function ensureRendition(db: Db, storage: MediaStorage, image: ImageRow, width: number, format: RenditionFormat, relative: string): Promise<RenditionFile> {
  const path = mediaPath(storage, relative);
  const mimetype = RENDITION_MIMETYPES[format];
  const row = await repo.findRendition(db, image.id, width, format);
  const onDisk = await stat(path).catch(() => undefined);
  if (row && onDisk) return { path, mimetype, cacheHit: true, width: row.width, height: row.height, size: row.file_size };
  const made = await makeRendition(storage, image, await readFile(mediaPath(storage, image.file)), width, format);
  await repo.saveRendition(db, made.row);
  return { path, mimetype, cacheHit: false, width: made.row.width, height: made.row.height, size: made.row.file_size };
}

/** Encodes one rendition and writes its file; database-free, so several can run at once. */
async function makeRendition(storage: MediaStorage, image: ImageRow, original: Buffer, width: number, format: RenditionFormat) {
  const { data, info } = await encodeMemoized(original, width, format);
  await writeFileAtomically(mediaPath(storage, renditionFile(image.id, width, format)), data);
  return { row: { image_id: image.id, requested_width: width, format, width: info.width, height: info.height, file_size: data.length } };
}

/**
 * Identical originals give identical renditions, so recent small results are kept in memory by
 * content hash. This mostly serves the demo seed, which draws the same images for every fresh
 * database (each test suite); bounded to MEMO_ENTRIES results of at most MEMO_MAX_BYTES each.
 */
const MEMO_ENTRIES = 128;
const MEMO_MAX_BYTES = 256 * 1024;
const memo = new Map<string, { data: Buffer; info: { width: number; height: number } }>();

async function encodeMemoized(original: Buffer, width: number, format: RenditionFormat) {
  const key = `${createHash('sha256').update(original).digest('hex')}:${width}:${format}`;
  const cached = memo.get(key);
  if (cached) return cached;
  const result = await encode(original, width, format);
  if (result.data.length <= MEMO_MAX_BYTES) {
    if (memo.size >= MEMO_ENTRIES) memo.delete(memo.keys().next().value!);
    memo.set(key, result);
  }
  return result;
}

async function encode(original: Buffer, width: number, format: RenditionFormat) {
  const pipeline = sharp(original).rotate().resize({ width, withoutEnlargement: true });
  const encoded =
    format === 'avif'
      ? pipeline.avif({ quality: 50, effort: 2 })
      : format === 'webp'
        ? pipeline.webp({ quality: 75 })
        : format === 'jpeg'
          ? pipeline.jpeg({ quality: 80, mozjpeg: true })
          : pipeline.png({ compressionLevel: 9 });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height } };
}

/**
 * An image as blocks carry it (shared/schemas/media.ts): AVIF, WebP and original-format
 * renditions at the block widths up to the original's width. Missing renditions are made now,
 * so every listed size is the real byte size of the file served.
 */
export async function imageForBlocks(db: Db, id: number, storage: MediaStorage): Promise<Image> {
  const image = await repo.findImage(db, id);
  if (!image) throw notFound(`No image ${id}.`);
  const widths = BLOCK_WIDTHS.filter((w) => w <= image.width);
  if (widths.length === 0) widths.push(BLOCK_WIDTHS[0]);
  const wanted = formatsFor(image).flatMap((format) => widths.map((width) => ({ width, format })));

  // Rows are read and written one at a time (a transaction's connection runs one query at once);
  // the missing files are encoded in parallel, which is where the time goes.
  const rows = new Map<string, { width: number; height: number; file_size: number }>();
  const missing: typeof wanted = [];
  for (const { width, format } of wanted) {
    const row = await repo.findRendition(db, image.id, width, format);
    const onDisk = row && (await stat(mediaPath(storage, renditionFile(image.id, width, format))).catch(() => undefined));
    if (row && onDisk) rows.set(`${format}:${width}`, row);
    else missing.push({ width, format });
  }
  if (missing.length) {
    const original = await readFile(mediaPath(storage, image.file));
    const made = await Promise.all(missing.map(({ width, format }) => makeRendition(storage, image, original, width, format)));
    for (const { row } of made) {
      await repo.saveRendition(db, row);
      rows.set(`${row.format}:${row.requested_width}`, row);
    }
  }

  const renditions: Rendition[] = [];
  for (const format of formatsFor(image)) {
    const seen = new Set<number>();
    for (const width of widths) {
      const row = rows.get(`${format}:${width}`)!;
      if (seen.has(row.width)) continue; // a small original: two requested widths, one real size
      seen.add(row.width);
      renditions.push({ url: renditionUrl(id, width, format), width: row.width, height: row.height, size: row.file_size, mimetype: RENDITION_MIMETYPES[format] });
    }
  }
  return {
    image_id: image.id,
    renditions,
    default_alt_text: image.default_alt_text,
    imageData: {
      title: image.title,
      ...(image.focal_point_x !== null && image.focal_point_y !== null ? { focal_point: [image.focal_point_x, image.focal_point_y] as [number, number] } : {}),
    },
  };
}
