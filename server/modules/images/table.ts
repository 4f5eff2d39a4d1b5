import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

export type ImageMimetype = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/avif' | 'image/gif';

export interface ImageTable {
  id: Generated<number>;
  title: string;
  /** Relative to the media root (DATA_DIR/media), e.g. 'original_images/salmon-1a2b.jpg'. */
  file: string;
  width: number;
  height: number;
  file_size: number;
  mimetype: ImageMimetype;
  default_alt_text: ColumnType<string, string | undefined, string>;
  focal_point_x: number | null;
  focal_point_y: number | null;
  /** Its collection (collections module); the root collection unless chosen. */
  collection_id: Generated<number>;
  /** Bumped by every save (the admin's stale-form check). */
  version: Generated<number>;
  uploaded_by_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface ImageRenditionTable {
  id: Generated<number>;
  image_id: number;
  requested_width: number;
  format: string;
  width: number;
  height: number;
  file_size: number;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** A rendition that could not be encoded (e.g. too large for WebP): answered at once, logged once. */
export interface ImageRenditionFailureTable {
  id: Generated<number>;
  image_id: number;
  requested_width: number;
  format: string;
  reason: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export type ImageRow = Selectable<ImageTable>;
export type NewImage = Insertable<ImageTable>;
export type ImageRenditionRow = Selectable<ImageRenditionTable>;
export type NewImageRendition = Insertable<ImageRenditionTable>;

/** This module's tables, merged into the database's type (server/database.ts). */
declare module '../../database' {
  interface Database {
    images: ImageTable;
    image_renditions: ImageRenditionTable;
    image_rendition_failures: ImageRenditionFailureTable;
  }
}
