import { sql } from 'kysely';
import type { Db } from '../../db';
import type { ListQuery } from '../../listing/list-query';
import { pageOfRows } from '../../listing/rows-repo';
import type { NewVideo, NewVideoTextTrack, VideoRow, VideoTextTrackRow } from './table';

export function insertVideo(db: Db, video: NewVideo): Promise<VideoRow> {
  return db.insertInto('videos').values(video).returningAll().executeTakeFirstOrThrow();
}

export function findVideo(db: Db, id: number): Promise<VideoRow | undefined> {
  return db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirst();
}

export function lockVideo(db: Db, id: number): Promise<VideoRow | undefined> {
  return db.selectFrom('videos').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function listVideos(db: Db, query: ListQuery): Promise<{ rows: VideoRow[]; total: number }> {
  let base = db.selectFrom('videos as v').selectAll('v');
  if (query.filters.collection) base = base.where('v.collection_id', '=', Number(query.filters.collection));
  return pageOfRows(base, query, {
    search: ['v.title', 'v.file_name'],
    sort: { id: 'v.id', title: 'v.title', created_at: 'v.created_at', duration: 'v.duration' },
    id: 'v.id',
  });
}

export function updateVideo(
  db: Db,
  id: number,
  values: Partial<
    Pick<
      VideoRow,
      'title' | 'collection_id' | 'poster_image_id' | 'file' | 'file_name' | 'file_size' | 'mimetype' | 'duration'
    >
  >,
): Promise<VideoRow> {
  return db
    .updateTable('videos')
    .set({ ...values, version: sql`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteVideos(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('videos').where('id', 'in', ids).execute();
}

export function tracksOf(db: Db, videoId: number): Promise<VideoTextTrackRow[]> {
  return db
    .selectFrom('video_text_tracks')
    .selectAll()
    .where('video_id', '=', videoId)
    .orderBy('is_default', 'desc')
    .orderBy('language')
    .orderBy('id')
    .execute();
}

export function findTrack(db: Db, id: number): Promise<(VideoTextTrackRow & { collection_id: number }) | undefined> {
  return db
    .selectFrom('video_text_tracks as t')
    .innerJoin('videos as v', 'v.id', 't.video_id')
    .selectAll('t')
    .select('v.collection_id')
    .where('t.id', '=', id)
    .executeTakeFirst();
}

export async function insertTrack(db: Db, track: NewVideoTextTrack): Promise<VideoTextTrackRow> {
  if (track.is_default)
    await db
      .updateTable('video_text_tracks')
      .set({ is_default: false })
      .where('video_id', '=', track.video_id)
      .execute();
  return db.insertInto('video_text_tracks').values(track).returningAll().executeTakeFirstOrThrow();
}

export async function deleteTrack(db: Db, videoId: number, trackId: number): Promise<VideoTextTrackRow | undefined> {
  return db
    .deleteFrom('video_text_tracks')
    .where('id', '=', trackId)
    .where('video_id', '=', videoId)
    .returningAll()
    .executeTakeFirst();
}

export function bumpVersion(db: Db, id: number): Promise<unknown> {
  return db
    .updateTable('videos')
    .set({ version: sql`version + 1` })
    .where('id', '=', id)
    .execute();
}

/** The newest images of the library (the poster choices). */
export function newestImages(db: Db, limit: number): Promise<Array<{ id: number; title: string }>> {
  return db
    .selectFrom('images')
    .select(['id', 'title'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
