import type { Generated, Selectable } from 'kysely';

/**
 * A tag (Wagtail's taggit Tag): a name shown as first typed, and its key (lower case, single
 * spaces) that makes 'Summer menu' and 'summer  MENU' one tag. Images and documents link to
 * tags through their own join tables (image_tags, document_tags), so deleting either cascades.
 */
export interface TagTable {
  id: Generated<number>;
  name: string;
  key: string;
}

/** An image's or a document's tag, in the order the editor typed them. */
export interface ImageTagTable {
  image_id: number;
  tag_id: number;
  sort_order: number;
}
export interface DocumentTagTable {
  document_id: number;
  tag_id: number;
  sort_order: number;
}

export type TagRow = Selectable<TagTable>;

/** Which library's tags: the join table and its object column. */
export type TagLink = { table: 'image_tags'; column: 'image_id' } | { table: 'document_tags'; column: 'document_id' };
export const IMAGE_TAGS: TagLink = { table: 'image_tags', column: 'image_id' };
export const DOCUMENT_TAGS: TagLink = { table: 'document_tags', column: 'document_id' };

/** This module's tables, merged into the database's type (server/database.ts). */
declare module '../../database' {
  interface Database {
    tags: TagTable;
    image_tags: ImageTagTable;
    document_tags: DocumentTagTable;
  }
}
