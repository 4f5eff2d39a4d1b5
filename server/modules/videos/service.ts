import { createReadStream } from 'node:fs';
import { writeFile, unlink } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inTransaction, type Db } from '../../db';
import { HttpError, notFound } from '../../errors';
import type { UploadedFile } from '../../media/upload';
import { detectFileType, looksLikePolyglot, SNIFF_BYTES } from '../../media/file-types';
import { sanitiseFileName, titleFromFileName, uniqueKey } from '../../media/file-names';
import { replaceFileKeepingRow, writeRowOrRemoveFile, listQueryFromApi } from '../../media/stored-files';
import { readVideoDuration } from '../../media/video-duration';
import type { MediaStorage, StoredObject } from '../../storage/media-storage';
import type { Video } from '../../../shared/schemas/media';
import { checkWebVtt, type VideoFormInput, type VideoTrackFormInput } from '../../../shared/schemas/videos';
import type { ListQuery } from '../../listing/list-query';
import type { MediaApiListQuery } from '../../../shared/schemas/media-api';
import { readHead } from '../documents/service';
import { imageForBlocks } from '../images/service';
import { findImage } from '../images/repo';
import * as repo from './repo';
import type { VideoRow, VideoTextTrackRow } from './table';

/** Wagtail's media model (wagtailmedia), as the reference index already names it. */
export const VIDEO_MODEL = 'wagtailmedia.media';

export const videoUrl = (video: Pick<VideoRow, 'id' | 'file_name'>) =>
  `/videos/${video.id}/${encodeURIComponent(video.file_name)}`;
export const trackUrl = (track: Pick<VideoTextTrackRow, 'id'>) => `/video-track/${track.id}/`;

const refuse = (message: string) => new HttpError(400, 'unsupported_video', message, { file: [message] });

/** The type of a video's first bytes: MP4 or WebM only, never what the name or the browser says. */
export function videoTypeOf(head: Buffer) {
  const type = detectFileType(head.subarray(0, SNIFF_BYTES));
  if (!type || type.kind !== 'video') throw refuse('This is not a video we accept: upload an MP4 or WebM file.');
  if (looksLikePolyglot(head.subarray(0, SNIFF_BYTES)))
    throw refuse('This file holds markup besides the video and is refused.');
  return type;
}

/** Checks a received file and copies it into the media storage under a new key; what the row records. */
async function storeUpload(storage: MediaStorage, file: UploadedFile) {
  if (file.size === 0) throw refuse('The file is empty.');
  const type = videoTypeOf(await readHead(file.path));
  const duration = (await readVideoDuration(file.path, type.mimetype)) ?? null;
  const fileName = sanitiseFileName(file.originalName, type.extension);
  const key = uniqueKey('videos', fileName);
  await storage.put(key, createReadStream(file.path), { size: file.size, contentType: type.mimetype });
  return { file: key, file_name: fileName, file_size: file.size, mimetype: type.mimetype, duration };
}

export type VideoUploadInput = { title: string; collectionId?: number; userId: number | null };

/** A video from an upload already streamed to disk; the stored object is removed again if the row cannot be written. */
export async function createVideoFromUpload(
  db: Db,
  storage: MediaStorage,
  file: UploadedFile,
  input: VideoUploadInput,
): Promise<VideoRow> {
  const stored = await storeUpload(storage, file);
  return writeRowOrRemoveFile(storage, stored.file, () =>
    repo.insertVideo(db, {
      ...stored,
      title: input.title.trim() || titleFromFileName(file.originalName),
      ...(input.collectionId ? { collection_id: input.collectionId } : {}),
      uploaded_by_user_id: input.userId,
    }),
  );
}

/** A video from bytes in memory (the seed): written to a temporary file and taken as an upload. */
export async function createVideo(
  db: Db,
  storage: MediaStorage,
  input: VideoUploadInput & { fileName: string; data: Buffer; posterImageId?: number },
): Promise<VideoRow> {
  const path = join(tmpdir(), `video-${randomBytes(8).toString('hex')}`);
  await writeFile(path, input.data);
  try {
    const video = await createVideoFromUpload(
      db,
      storage,
      { path, originalName: input.fileName, size: input.data.length },
      input,
    );
    return input.posterImageId ? repo.updateVideo(db, video.id, { poster_image_id: input.posterImageId }) : video;
  } finally {
    await unlink(path).catch(() => {});
  }
}

/** Replaces a video's file keeping its id (blocks choosing it keep their id); the old file is removed. */
export async function replaceVideoFile(
  db: Db,
  storage: MediaStorage,
  id: number,
  file: UploadedFile,
): Promise<VideoRow> {
  const stored = await storeUpload(storage, file);
  return replaceFileKeepingRow(db, storage, stored.file, async (trx) => {
    const previous = await repo.lockVideo(trx, id);
    if (!previous) throw notFound('No such video.');
    return { previous, updated: await repo.updateVideo(trx, id, stored) };
  });
}

export function findVideo(db: Db, id: number) {
  return repo.findVideo(db, id);
}

export function listVideos(db: Db, query: ListQuery) {
  return repo.listVideos(db, query);
}

export function findVideoForAdmin(db: Db, id: number, options: { lock?: boolean } = {}) {
  return options.lock ? repo.lockVideo(db, id) : repo.findVideo(db, id);
}

export async function updateVideo(db: Db, row: VideoRow, input: VideoFormInput): Promise<VideoRow> {
  if (input.posterImageId !== null && !(await findImage(db, input.posterImageId))) {
    throw new HttpError(400, 'bad_poster', 'That image does not exist.', { poster: ['Select a valid choice.'] });
  }
  return repo.updateVideo(db, row.id, {
    title: input.title,
    collection_id: input.collectionId,
    poster_image_id: input.posterImageId,
  });
}

/** Deletes the rows (their tracks go with them), then their files. */
export async function deleteVideos(db: Db, storage: MediaStorage, rows: VideoRow[]): Promise<void> {
  await repo.deleteVideos(
    db,
    rows.map((row) => row.id),
  );
  for (const row of rows) await storage.remove(row.file).catch(() => {});
}

/**
 * A video and its stored bytes. `renamed`: the URL names an older file of the video (replaced
 * since, keeping the id): blocks that stored the old URL are sent to the current one.
 */
export async function openVideo(
  db: Db,
  storage: MediaStorage,
  id: number,
  fileName: string,
): Promise<{ video: VideoRow; object?: StoredObject; renamed: boolean } | undefined> {
  const video = await repo.findVideo(db, id);
  if (!video) return undefined;
  if (video.file_name !== fileName) return { video, renamed: true };
  const object = await storage.open(video.file);
  return object ? { video, object, renamed: false } : undefined;
}

/** How many images the poster select offers (newest first). */
const POSTER_CHOICES = 500;

/** The poster select's choices: none, then the newest images of the library. */
export async function posterChoices(db: Db): Promise<Array<{ value: string; label: string }>> {
  const images = await repo.newestImages(db, POSTER_CHOICES);
  return [
    { value: '', label: 'No poster' },
    ...images.map((image) => ({ value: String(image.id), label: `${image.title} (#${image.id})` })),
  ];
}

export function tracksOf(db: Db, videoId: number) {
  return repo.tracksOf(db, videoId);
}

export function findTrack(db: Db, id: number) {
  return repo.findTrack(db, id);
}

/**
 * Adds a caption track: the WebVTT text must pass checkWebVtt, and a video has one track per
 * language (a second is refused). Marking it the default unmarks the others.
 */
export async function addTrack(db: Db, videoId: number, input: VideoTrackFormInput): Promise<VideoTextTrackRow> {
  const checked = checkWebVtt(input.source);
  if (!checked.ok) throw new HttpError(400, 'bad_vtt', checked.message, { source: [checked.message] });
  return inTransaction(db, async (trx) => {
    const video = await repo.lockVideo(trx, videoId);
    if (!video) throw notFound('No such video.');
    const tracks = await repo.tracksOf(trx, videoId);
    if (tracks.some((track) => track.language.toLowerCase() === input.language.toLowerCase())) {
      throw new HttpError(
        400,
        'duplicate_track',
        `This video already has a track in “${input.language}”: delete it first.`,
        { language: ['This video already has a track in this language.'] },
      );
    }
    const track = await repo.insertTrack(trx, {
      video_id: videoId,
      kind: input.kind,
      language: input.language,
      label: input.label,
      is_default: input.is_default,
      source: checked.text,
    });
    await repo.bumpVersion(trx, videoId);
    return track;
  });
}

export async function deleteTrack(db: Db, videoId: number, trackId: number): Promise<VideoTextTrackRow> {
  return inTransaction(db, async (trx) => {
    const track = await repo.deleteTrack(trx, videoId, trackId);
    if (!track) throw notFound('No such track.');
    await repo.bumpVersion(trx, videoId);
    return track;
  });
}

/**
 * A library video as blocks carry it (shared/schemas/media.ts): its source, poster renditions
 * and caption tracks, with `media_id` so usage and the reference index find it.
 */
export async function videoForBlocks(db: Db, id: number, storage: MediaStorage): Promise<Video> {
  const video = await repo.findVideo(db, id);
  if (!video) throw notFound(`No video ${id}.`);
  const tracks = await repo.tracksOf(db, id);
  const poster = video.poster_image_id !== null ? await imageForBlocks(db, video.poster_image_id, storage) : undefined;
  return {
    media_id: video.id,
    sources: [{ url: videoUrl(video), mimetype: video.mimetype }],
    ...(poster ? { poster } : {}),
    title: video.title,
    tracks: tracks.map((track, index) => ({
      kind: track.kind,
      src: trackUrl(track),
      srclang: track.language,
      sort_order: index,
      label: track.label,
      srclang_name: '',
      kind_name: '',
      default: track.is_default,
    })),
  };
}

const API_BASE = '/wagtail/api/main/videos';

function apiItem(row: VideoRow) {
  return {
    id: row.id,
    meta: {
      type: 'wagtailmedia.Media',
      detail_url: `${API_BASE}/${row.id}/`,
      download_url: videoUrl(row),
      duration: row.duration,
      mimetype: row.mimetype,
    },
    title: row.title,
  };
}

/** The admin API's video list (the shape of the documents API), used by the block editor's video chooser. */
export async function videoApiList(db: Db, storage: MediaStorage, query: MediaApiListQuery) {
  const { rows, total } = await repo.listVideos(db, listQueryFromApi(query));
  // Each item carries what a block stores when the chooser picks it (one at a time: a
  // transaction's connection runs one query at once, and poster renditions are made on demand).
  const items = [];
  for (const row of rows) items.push({ ...apiItem(row), block_value: await videoForBlocks(db, row.id, storage) });
  return { meta: { total_count: total }, items };
}

/** One video, with `block_value`: what a block stores when the chooser picks it. */
export async function videoApiDetail(db: Db, storage: MediaStorage, id: number) {
  const row = await repo.findVideo(db, id);
  if (!row) throw notFound('The video does not exist.');
  const item = apiItem(row);
  return {
    ...item,
    meta: {
      ...item.meta,
      file_name: row.file_name,
      file_size: row.file_size,
      created_at: new Date(row.created_at).toISOString(),
    },
    collection: { id: row.collection_id },
    poster_image: row.poster_image_id === null ? null : { id: row.poster_image_id },
    block_value: await videoForBlocks(db, row.id, storage),
  };
}
