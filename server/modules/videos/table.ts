import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

export interface VideoTable {
  id: Generated<number>;
  title: string;
  /** The storage key, e.g. 'videos/dock-morning-1a2b3c4d.mp4' (unique). */
  file: string;
  /** The sanitised file name used in the URL /videos/{id}/{file_name}. */
  file_name: string;
  file_size: number;
  /** 'video/mp4' or 'video/webm': what the file's bytes were recognised as on upload. */
  mimetype: string;
  /** Seconds, from the container header; null when the header does not say. */
  duration: number | null;
  poster_image_id: number | null;
  collection_id: Generated<number>;
  /** Bumped by every save (the admin's stale-form check). */
  version: Generated<number>;
  uploaded_by_user_id: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface VideoTextTrackTable {
  id: Generated<number>;
  video_id: number;
  kind: Generated<'captions' | 'subtitles'>;
  /** A BCP 47 language tag ('en', 'fr-CA'). */
  language: string;
  label: string;
  is_default: Generated<boolean>;
  /** The WebVTT text. */
  source: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export type VideoRow = Selectable<VideoTable>;
export type NewVideo = Insertable<VideoTable>;
export type VideoTextTrackRow = Selectable<VideoTextTrackTable>;
export type NewVideoTextTrack = Insertable<VideoTextTrackTable>;

/** This module's tables, merged into the database's type (server/database.ts). */
declare module '../../database' {
  interface Database {
    videos: VideoTable;
    video_text_tracks: VideoTextTrackTable;
  }
}
