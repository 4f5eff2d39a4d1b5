import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json<T> = ColumnType<T, string, string>;

/** Type-specific page content (a body of blocks and other fields), validated by the page type. */
export type PageContent = Record<string, unknown>;

export interface PageTable {
  id: Generated<number>;
  path: string;
  depth: number;
  numchild: Generated<number>;
  page_type: string;
  locale_id: number;
  translation_key: string;
  title: string;
  slug: string;
  url_path: string;
  seo_title: Generated<string>;
  search_description: Generated<string>;
  robots: Generated<string>;
  content: Json<PageContent>;
  live: Generated<boolean>;
  has_unpublished_changes: Generated<boolean>;
  first_published_at: Timestamp | null;
  last_published_at: Timestamp | null;
  go_live_at: Timestamp | null;
  expire_at: Timestamp | null;
  expired: Generated<boolean>;
  owner_id: number | null;
  latest_revision_id: number | null;
  live_revision_id: number | null;
  /** Wagtail's page lock: only the holder may save or publish while it is set. */
  locked: Generated<boolean>;
  locked_by_id: number | null;
  locked_at: Timestamp | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** What a revision stores: every editable field of the page at the time it was saved. */
export type RevisionSnapshot = {
  title: string;
  slug: string;
  seo_title: string;
  search_description: string;
  robots: string;
  content: PageContent;
};

export interface PageRevisionTable {
  id: Generated<number>;
  page_id: number;
  user_id: number | null;
  object_str: string;
  content: Json<RevisionSnapshot>;
  approved_go_live_at: Timestamp | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export type Page = Selectable<PageTable>;
export type NewPage = Insertable<PageTable>;
export type PageUpdate = Updateable<PageTable>;
export type PageRevision = Selectable<PageRevisionTable>;

/** This module's tables, merged into the database's type (server/database.ts). */
declare module '../../database' {
  interface Database {
    pages: PageTable;
    page_revisions: PageRevisionTable;
  }
}
