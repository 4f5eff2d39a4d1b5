import type { ColumnType, Generated, Selectable } from 'kysely';

/** Wagtail's restriction types, without 'none' (a public page has no restriction row). */
export const RESTRICTION_TYPES = ['password', 'login', 'groups'] as const;
export type RestrictionType = (typeof RESTRICTION_TYPES)[number];

export interface PageViewRestrictionTable {
  id: Generated<number>;
  page_id: number;
  restriction_type: RestrictionType;
  /** argon2id hash of the shared password ('password' restrictions only). */
  password_hash: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface PageViewRestrictionGroupTable {
  restriction_id: number;
  group_id: number;
}

export type PageViewRestriction = Selectable<PageViewRestrictionTable>;

/** The same for a collection (Wagtail's CollectionViewRestriction): covers the documents filed in it and its descendants. */
export interface CollectionViewRestrictionTable {
  id: Generated<number>;
  collection_id: number;
  restriction_type: RestrictionType;
  password_hash: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface CollectionViewRestrictionGroupTable {
  restriction_id: number;
  group_id: number;
}

export type CollectionViewRestriction = Selectable<CollectionViewRestrictionTable>;

/** This module's tables, merged into the database's type (server/database.ts). */
declare module '../../database' {
  interface Database {
    page_view_restrictions: PageViewRestrictionTable;
    page_view_restriction_groups: PageViewRestrictionGroupTable;
    collection_view_restrictions: CollectionViewRestrictionTable;
    collection_view_restriction_groups: CollectionViewRestrictionGroupTable;
  }
}
