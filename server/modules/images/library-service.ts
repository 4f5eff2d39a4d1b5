import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import sharp, { type Metadata } from 'sharp';
import type { Db } from '../../db';
import { HttpError, notFound } from '../../errors';
import { detectFileType, looksLikePolyglot, SNIFF_BYTES } from '../../media/file-types';
import type { UploadedFile } from '../../media/upload';
import type { MediaStorage } from '../../storage/media-storage';
import { titleFromFileName } from '../../media/file-names';
import { replaceFileKeepingRow, writeRowOrRemoveFile, listQueryFromApi } from '../../media/stored-files';
import type { ImageFormInput } from '../../../shared/schemas/images';
import type { MediaApiListQuery } from '../../../shared/schemas/media-api';
import { renditionUrl } from '../../../shared/schemas/image-renditions';
import type { ListQuery } from '../../listing/list-query';
import { IMAGE_TAGS } from '../tags/table';
import { setTagsByName, tagFilterChoices, tagsOf } from '../tags/service';
import * as repo from './repo';
import { formatsFor, imageForBlocks } from './service';
import { originalKey, renditionKey } from './storage';
import type { ImageMimetype, ImageRow } from './table';

export const IMAGE_MODEL = 'wagtailimages.image';

/** The most pixels an upload may decode to (sharp's limitInputPixels): 40 megapixels. */
export const MAX_IMAGE_PIXELS = 40_000_000;

/**
 * The longest side every rendition format can encode: WebP stops at 16,383 pixels, AVIF (libheif
 * through sharp) at 16,384, JPEG at 65,500. A rendition is never larger than its original, so an
 * original within this limit always has its AVIF, WebP and own-format renditions.
 */
export const MAX_IMAGE_SIDE = 16_383;

/**
 * The most one side may exceed the other. Past it an image is a strip (a 20 × 1,999,000 pixel PNG
 * is 40 megapixels) whose renditions are slivers a pixel wide or tall: no use on a page.
 */
export const MAX_ASPECT_RATIO = 50;

const ACCEPTED: Record<string, ImageMimetype> = {
  'image/jpeg': 'image/jpeg',
  'image/png': 'image/png',
  'image/webp': 'image/webp',
  'image/avif': 'image/avif',
  'image/gif': 'image/gif',
};
const EXTENSION: Record<ImageMimetype, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
};
const refuse = (message: string) => new HttpError(400, 'unsupported_image', message, { file: [message] });

async function headAndTail(path: string, size: number): Promise<{ head: Buffer; tail: Buffer }> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(Math.min(SNIFF_BYTES, size));
    await handle.read(head, 0, head.length, 0);
    const tailLength = Math.min(SNIFF_BYTES, size);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    return { head, tail };
  } finally {
    await handle.close();
  }
}

/**
 * Checks an uploaded image before anything is kept: the type from its bytes (JPEG, PNG, WebP,
 * AVIF, GIF; SVG is refused), no markup hidden in it (a polyglot), a pixel count within
 * MAX_IMAGE_PIXELS read from the header before decoding (a decompression bomb), and a full decode
 * through libvips with bounded memory that fails on truncated data.
 */
export async function checkImageFile(
  file: UploadedFile,
): Promise<{ mimetype: ImageMimetype; width: number; height: number }> {
  if (file.size === 0) throw refuse('The file is empty.');
  const { head, tail } = await headAndTail(file.path, file.size);
  const type = detectFileType(head);
  const mimetype = type ? ACCEPTED[type.mimetype] : undefined;
  if (!mimetype) throw refuse('This is not an image we accept: upload a JPEG, PNG, WebP, AVIF or GIF file.');
  if (looksLikePolyglot(head) || looksLikePolyglot(tail))
    throw refuse('This file holds markup or script besides the image and is refused.');
  let meta: Metadata;
  try {
    meta = await sharp(file.path, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated' }).metadata();
  } catch {
    throw refuse('The image could not be read: it may be damaged or too large.');
  }
  if (!meta.width || !meta.height) throw refuse('The image could not be read: it has no size.');
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) {
    throw refuse(
      `The image is ${meta.width} × ${meta.height} pixels; at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels are accepted.`,
    );
  }
  if (meta.width > MAX_IMAGE_SIDE || meta.height > MAX_IMAGE_SIDE) {
    throw refuse(
      `The image is ${meta.width} × ${meta.height} pixels; each side may be at most ${MAX_IMAGE_SIDE.toLocaleString('en-US')} pixels (the largest the WebP and AVIF versions can have). Make it smaller and upload it again.`,
    );
  }
  if (Math.max(meta.width, meta.height) > MAX_ASPECT_RATIO * Math.min(meta.width, meta.height)) {
    throw refuse(
      `The image is ${meta.width} × ${meta.height} pixels: one side is more than ${MAX_ASPECT_RATIO} times the other. Crop it to a usable shape and upload it again.`,
    );
  }
  try {
    // Decodes every pixel (shrinking as it goes): truncated or corrupt data fails here.
    await sharp(file.path, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated', animated: false })
      .resize(64, 64, { fit: 'inside' })
      .raw()
      .toBuffer();
  } catch {
    throw refuse('The image is damaged or truncated and could not be decoded.');
  }
  return { mimetype, width: meta.width, height: meta.height };
}

const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'image';

async function storeImage(storage: MediaStorage, file: UploadedFile, title: string) {
  const checked = await checkImageFile(file);
  const key = originalKey(slugOf(title), randomBytes(4).toString('hex'), EXTENSION[checked.mimetype]);
  await storage.put(key, createReadStream(file.path), { size: file.size, contentType: checked.mimetype });
  return { file: key, width: checked.width, height: checked.height, file_size: file.size, mimetype: checked.mimetype };
}

export async function createImageFromUpload(
  db: Db,
  storage: MediaStorage,
  file: UploadedFile,
  input: { title: string; altText?: string; collectionId?: number; userId: number | null },
): Promise<ImageRow> {
  const title = input.title.trim() || titleFromFileName(file.originalName);
  const stored = await storeImage(storage, file, title);
  return writeRowOrRemoveFile(storage, stored.file, () =>
    repo.insertImage(db, {
      ...stored,
      title,
      default_alt_text: input.altText ?? '',
      ...(input.collectionId ? { collection_id: input.collectionId } : {}),
      uploaded_by_user_id: input.userId,
    }),
  );
}

async function purgeRenditions(db: Db, storage: MediaStorage, image: Pick<ImageRow, 'id' | 'mimetype'>) {
  const rows = await repo.listRenditions(db, image.id);
  await repo.deleteRenditions(db, image.id);
  return async () => {
    for (const row of rows)
      await storage.remove(renditionKey(image.id, row.requested_width, row.format)).catch(() => {});
  };
}

/**
 * A new file for an image, keeping its id (pages and settings that use it follow): its old
 * renditions are purged, the ones blocks list are made again from the new file at once (so the
 * next save of a page using it lists real sizes), and the old original removed.
 */
export async function replaceImageFile(
  db: Db,
  storage: MediaStorage,
  id: number,
  file: UploadedFile,
): Promise<ImageRow> {
  const existing = await repo.findImage(db, id);
  if (!existing) throw notFound('No such image.');
  const stored = await storeImage(storage, file, existing.title);
  let cleanUp: (() => Promise<void>) | undefined;
  const updated = await replaceFileKeepingRow(db, storage, stored.file, async (trx) => {
    const previous = await repo.lockImage(trx, id);
    if (!previous) throw notFound('No such image.');
    cleanUp = await purgeRenditions(trx, storage, previous);
    return { previous, updated: await repo.updateImage(trx, id, stored) };
  });
  await cleanUp?.();
  await imageForBlocks(db, id, storage);
  return updated;
}

/** An image as the library's list shows it: with its tags. */
export type ImageListRow = ImageRow & { tags?: readonly string[] };

export async function listImages(db: Db, query: ListQuery): Promise<{ rows: ImageListRow[]; total: number }> {
  const { rows, total } = await repo.listImages(db, query);
  const tags = await imageTags(
    db,
    rows.map((row) => row.id),
  );
  return { rows: rows.map((row) => ({ ...row, tags: tags.get(row.id) ?? [] })), total };
}

export function findImageForAdmin(db: Db, id: number, options: { lock?: boolean } = {}) {
  return options.lock ? repo.lockImage(db, id) : repo.findImage(db, id);
}

/** Each image's tags, in the order typed. */
export function imageTags(db: Db, ids: readonly number[]): Promise<Map<number, string[]>> {
  return tagsOf(db, IMAGE_TAGS, ids);
}

/** The tag filter's choices: every tag some image carries. */
export const imageTagChoices = (db: Db) => tagFilterChoices(db, IMAGE_TAGS);

/** Saves the edit form (the viewset runs this in its transaction): fields and tags. */
export async function updateImage(db: Db, row: ImageRow, input: ImageFormInput): Promise<ImageRow> {
  await setTagsByName(db, IMAGE_TAGS, row.id, input.tags);
  return repo.updateImage(db, row.id, {
    title: input.title,
    default_alt_text: input.altText,
    collection_id: input.collectionId,
    focal_point_x: input.focalPoint?.[0] ?? null,
    focal_point_y: input.focalPoint?.[1] ?? null,
  });
}

/** Deletes the rows (renditions go with them), then the files. Pages that used them render without them. */
export async function deleteImages(db: Db, storage: MediaStorage, rows: ImageRow[]): Promise<void> {
  const cleanUps: Array<() => Promise<void>> = [];
  for (const row of rows) cleanUps.push(await purgeRenditions(db, storage, row));
  await repo.deleteImages(
    db,
    rows.map((row) => row.id),
  );
  for (const cleanUp of cleanUps) await cleanUp();
  for (const row of rows) await storage.remove(row.file).catch(() => {});
}

const API_BASE = '/wagtail/api/main/images';

function apiItem(row: ImageRow, tags: readonly string[]) {
  const fallback = formatsFor(row)[2]!;
  return {
    id: row.id,
    meta: {
      type: 'wagtailimages.Image',
      detail_url: `${API_BASE}/${row.id}/`,
      download_url: renditionUrl(row.id, 1920, fallback),
      tags: [...tags],
    },
    title: row.title,
    width: row.width,
    height: row.height,
  };
}

export async function imageApiList(db: Db, query: MediaApiListQuery) {
  const { rows, total } = await repo.listImages(db, listQueryFromApi(query));
  const tags = await imageTags(
    db,
    rows.map((row) => row.id),
  );
  return { meta: { total_count: total }, items: rows.map((row) => apiItem(row, tags.get(row.id) ?? [])) };
}

export async function imageApiDetail(db: Db, id: number) {
  const row = await repo.findImage(db, id);
  if (!row) throw notFound('The image does not exist.');
  const item = apiItem(row, (await imageTags(db, [row.id])).get(row.id) ?? []);
  return {
    ...item,
    meta: {
      ...item.meta,
      file_size: row.file_size,
      mimetype: row.mimetype,
      created_at: new Date(row.created_at).toISOString(),
    },
    alt: row.default_alt_text,
    focal_point:
      row.focal_point_x !== null && row.focal_point_y !== null ? { x: row.focal_point_x, y: row.focal_point_y } : null,
    collection: { id: row.collection_id },
    thumbnail: { url: renditionUrl(row.id, 320, 'webp'), width: 320 },
  };
}
