import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import type { Db } from '../../db';
import { HttpError, notFound } from '../../errors';
import type { Logger } from '../../logger';
import type { Image, Rendition } from '../../../shared/schemas/media';
import {
  RENDITION_MIMETYPES,
  renditionUrl,
  type RenditionFormat,
  type RenditionParams,
} from '../../../shared/schemas/image-renditions';
import * as repo from './repo';
import type { MediaStorage } from '../../storage/media-storage';
import { originalKey, renditionKey } from './storage';
import type { ImageRow } from './table';

/**
 * Widths a block's srcset lists. A subset of the allowed widths: every listed rendition is made
 * when the block is saved (its byte size is part of the block value), so fewer is cheaper.
 */
export const BLOCK_WIDTHS = [480, 960, 1600] as const;

/** The fallback (non-AVIF, non-WebP) format of each original type; GIF and WebP may hold transparency. */
const ORIGINAL_FORMAT: Record<ImageRow['mimetype'], RenditionFormat> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'png',
  'image/webp': 'png',
  'image/avif': 'jpeg',
};

/** The formats an image may be served in: AVIF, WebP and its own format (never jpeg<->png). */
export const formatsFor = (image: Pick<ImageRow, 'mimetype'>): RenditionFormat[] => [
  'avif',
  'webp',
  ORIGINAL_FORMAT[image.mimetype],
];

export type CreateImageInput = { title: string; data: Buffer; defaultAltText?: string; focalPoint?: [number, number] };

/** Stores an original (JPEG or PNG only) and records it in the library. */
export async function createImage(db: Db, storage: MediaStorage, input: CreateImageInput): Promise<ImageRow> {
  const meta = await sharp(input.data).metadata();
  const mimetype = meta.format === 'jpeg' ? 'image/jpeg' : meta.format === 'png' ? 'image/png' : undefined;
  if (!mimetype || !meta.width || !meta.height)
    throw new HttpError(400, 'unsupported_image', 'Only JPEG and PNG images can be added.');
  const slug =
    input.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'image';
  const file = originalKey(slug, randomBytes(4).toString('hex'), mimetype === 'image/jpeg' ? 'jpeg' : 'png');
  await storage.put(file, input.data, { size: input.data.length, contentType: mimetype });
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

/** A rendition ready to send: a stream from storage, or the bytes just made. */
export type ServedRendition = {
  body: Readable | Buffer;
  mimetype: string;
  cacheHit: boolean;
  size: number;
  lastModified?: Date;
};

type MadeRendition = {
  data: Buffer;
  row: {
    image_id: number;
    requested_width: number;
    format: RenditionFormat;
    width: number;
    height: number;
    file_size: number;
  };
};

// Requests for the same rendition in this process share one sharp run.
const inFlight = new Map<string, Promise<MadeRendition>>();

/** sharp could not encode a rendition (e.g. a side past WebP's 16,383 pixels): the input's fault, not ours. */
export class RenditionEncodeError extends Error {
  override name = 'RenditionEncodeError';
}

/** Where a rendition failure is reported (once, by the process that records it first). */
export type RenditionLog = Pick<Logger, 'warn'>;

/**
 * Records a rendition that failed to encode, so no process tries it again; the process whose row
 * is new logs it, so the failure is logged once, not on every request.
 */
async function noteFailure(
  db: Db,
  image: Pick<ImageRow, 'id'>,
  width: number,
  format: RenditionFormat,
  error: RenditionEncodeError,
  log: RenditionLog | undefined,
): Promise<void> {
  const first = await repo.recordRenditionFailure(db, {
    image_id: image.id,
    requested_width: width,
    format,
    reason: error.message.slice(0, 500),
  });
  if (first)
    log?.warn(
      { imageId: image.id, width, format, reason: error.message },
      'image rendition could not be encoded; its format is served in another or refused from now on',
    );
}

/**
 * One rendition, made on first request and kept in the media storage with a row holding its
 * real dimensions and byte size. Unknown image -> 404; a format the image cannot have -> 400.
 * A rendition that cannot be encoded (recorded in image_rendition_failures) is served in the
 * image's own format instead (a browser decodes an image by its bytes and Content-Type, so a
 * <picture> source still shows), or, when that fails too, answered 422: never a 500.
 */
export async function openRendition(
  db: Db,
  storage: MediaStorage,
  params: RenditionParams,
  log?: RenditionLog,
): Promise<ServedRendition> {
  const image = await repo.findImage(db, params.id);
  if (!image) throw notFound('No such image.');
  if (!formatsFor(image).includes(params.format)) {
    throw new HttpError(400, 'bad_format', `This image is available as ${formatsFor(image).join(', ')}.`, {
      format: ['Unsupported format for this image.'],
    });
  }
  if (await repo.hasRenditionFailure(db, image.id, params.width, params.format))
    return openFallback(db, storage, image, params, log);
  const mimetype = RENDITION_MIMETYPES[params.format];
  const key = renditionKey(image.id, params.width, params.format);
  if (await repo.findRendition(db, image.id, params.width, params.format)) {
    const stored = await storage.open(key);
    if (stored)
      return { body: stored.body, mimetype, cacheHit: true, size: stored.size, lastModified: stored.lastModified };
  }
  const flight = `${storage.description}:${key}`;
  let work = inFlight.get(flight);
  if (!work) {
    work = makeAndRecord(db, storage, image, params.width, params.format).finally(() => inFlight.delete(flight));
    inFlight.set(flight, work);
  }
  try {
    const made = await work;
    return { body: made.data, mimetype, cacheHit: false, size: made.data.length };
  } catch (error) {
    if (!(error instanceof RenditionEncodeError)) throw error;
    await noteFailure(db, image, params.width, params.format, error, log);
    return openFallback(db, storage, image, params, log);
  }
}

/** The image's own format in place of an AVIF or WebP that cannot be made; 422 when that fails too. */
function openFallback(
  db: Db,
  storage: MediaStorage,
  image: ImageRow,
  params: RenditionParams,
  log: RenditionLog | undefined,
): Promise<ServedRendition> {
  const fallback = ORIGINAL_FORMAT[image.mimetype];
  if (params.format === fallback) {
    throw new HttpError(
      422,
      'rendition_unavailable',
      'This version of the image cannot be made: the original is too large or damaged for it.',
    );
  }
  return openRendition(db, storage, { ...params, format: fallback }, log);
}

async function makeAndRecord(
  db: Db,
  storage: MediaStorage,
  image: ImageRow,
  width: number,
  format: RenditionFormat,
): Promise<MadeRendition> {
  const made = await makeRendition(storage, image, await readOriginal(storage, image), width, format);
  await repo.saveRendition(db, made.row);
  return made;
}

async function readOriginal(storage: MediaStorage, image: ImageRow): Promise<Buffer> {
  const original = await storage.read(image.file);
  if (!original) throw new Error(`The original of image ${image.id} is missing from the media storage (${image.file})`);
  return original;
}

/** Encodes one rendition and stores it; database-free, so several can run at once. */
async function makeRendition(
  storage: MediaStorage,
  image: ImageRow,
  original: Buffer,
  width: number,
  format: RenditionFormat,
): Promise<MadeRendition> {
  const { data, info } = await encodeMemoized(original, width, format);
  await storage.put(renditionKey(image.id, width, format), data, {
    size: data.length,
    contentType: RENDITION_MIMETYPES[format],
  });
  return {
    data,
    row: {
      image_id: image.id,
      requested_width: width,
      format,
      width: info.width,
      height: info.height,
      file_size: data.length,
    },
  };
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
  try {
    return await encodeOnce(original, width, format);
  } catch (error) {
    // sharp reports a bad input (too large for the format, undecodable) this way; the storage
    // and the database are not involved here, so every failure is the image's.
    throw new RenditionEncodeError(error instanceof Error ? error.message : String(error));
  }
}

async function encodeOnce(original: Buffer, width: number, format: RenditionFormat) {
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
export async function imageForBlocks(db: Db, id: number, storage: MediaStorage, log?: RenditionLog): Promise<Image> {
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
    // A format that cannot be encoded at some width is left out (the blocks list what exists).
    if (await repo.hasRenditionFailure(db, image.id, width, format)) continue;
    const row = await repo.findRendition(db, image.id, width, format);
    const stored = row && (await storage.exists(renditionKey(image.id, width, format)));
    if (row && stored) rows.set(`${format}:${width}`, row);
    else missing.push({ width, format });
  }
  if (missing.length) {
    const original = await readOriginal(storage, image);
    const made = await Promise.all(
      missing.map(({ width, format }) =>
        makeRendition(storage, image, original, width, format).catch((error: unknown) => {
          if (!(error instanceof RenditionEncodeError)) throw error;
          return { failed: error, width, format };
        }),
      ),
    );
    for (const result of made) {
      if ('failed' in result) {
        await noteFailure(db, image, result.width, result.format, result.failed, log);
        continue;
      }
      await repo.saveRendition(db, result.row);
      rows.set(`${result.row.format}:${result.row.requested_width}`, result.row);
    }
  }

  const renditions: Rendition[] = [];
  for (const format of formatsFor(image)) {
    if (!widths.every((width) => rows.has(`${format}:${width}`))) continue;
    const seen = new Set<number>();
    for (const width of widths) {
      const row = rows.get(`${format}:${width}`)!;
      if (seen.has(row.width)) continue; // a small original: two requested widths, one real size
      seen.add(row.width);
      renditions.push({
        url: renditionUrl(id, width, format),
        width: row.width,
        height: row.height,
        size: row.file_size,
        mimetype: RENDITION_MIMETYPES[format],
      });
    }
  }
  if (renditions.length === 0) {
    throw new HttpError(
      422,
      'rendition_unavailable',
      'This image cannot be used: no version of it can be made (the original is too large or damaged). Upload it again.',
    );
  }
  return {
    image_id: image.id,
    renditions,
    default_alt_text: image.default_alt_text,
    imageData: {
      title: image.title,
      ...(image.focal_point_x !== null && image.focal_point_y !== null
        ? { focal_point: [image.focal_point_x, image.focal_point_y] as [number, number] }
        : {}),
    },
  };
}
