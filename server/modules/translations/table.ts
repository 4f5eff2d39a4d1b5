import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Segment, TranslatableFields } from './segments';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

/** A source page's text as translators work from it: its live version, cut into segments. */
export interface TranslationSourceTable {
  id: Generated<number>;
  page_id: number;
  locale_id: number;
  revision_id: number | null;
  segments: Json<Segment[]>;
  fields: Json<TranslatableFields>;
  updated_at: Timestamp;
}

/** One translation of a source: the page in the target locale. */
export interface PageTranslationTable {
  id: Generated<number>;
  source_id: number;
  page_id: number;
  locale_id: number;
  created_by_id: number | null;
  created_at: Timestamp;
}

export type SegmentStatus = 'translated' | 'out_of_date';

export interface SegmentTranslationTable {
  translation_id: number;
  segment_id: string;
  /** The source text the translation was made from (differs from the source's now when out of date). */
  source_text: string;
  target_text: string;
  status: SegmentStatus;
  updated_at: Timestamp;
}

export interface TranslationMemoryTable {
  id: Generated<number>;
  source_locale_id: number;
  target_locale_id: number;
  source_digest: string;
  source_text: string;
  target_text: string;
  updated_at: Timestamp;
}

/** A change an uploaded file would make to one segment (kept between the preview and the confirmation). */
export type ImportChange = {
  translationId: number;
  /** The translated page and its source page. */
  pageId: number;
  pageTitle: string;
  sourcePageId: number;
  segmentId: string;
  label: string;
  line: number;
  /** The source text the file was made from (still the source's when confirmed). */
  source: string;
  /** The translation before (null: to do) and after; 'confirmed': an out-of-date translation kept as it is. */
  before: string | null;
  after: string;
  kind: 'new' | 'changed' | 'confirmed';
};

export interface TranslationImportTable {
  token: string;
  user_id: number;
  translation_id: number;
  file_name: string;
  changes: Json<ImportChange[]>;
  created_at: Timestamp;
}

/** A localized snippet (header menu, footer) made from another in a different language. */
export interface SnippetTranslationTable {
  id: Generated<number>;
  /** 'core.tierednavigation' or 'core.footer': which snippet table both ids are in. */
  model: string;
  source_id: number;
  snippet_id: number;
  source_locale_id: number;
  locale_id: number;
  created_by_id: number | null;
  created_at: Timestamp;
}

/** A snippet segment's translation, as segment_translations for pages. */
export interface SnippetSegmentTranslationTable {
  translation_id: number;
  segment_id: string;
  source_text: string;
  target_text: string;
  status: SegmentStatus;
  updated_at: Timestamp;
}

export type TranslationSource = Selectable<TranslationSourceTable>;
export type SnippetTranslation = Selectable<SnippetTranslationTable>;
export type PageTranslation = Selectable<PageTranslationTable>;
export type SegmentTranslation = Selectable<SegmentTranslationTable>;
export type TranslationImport = Selectable<TranslationImportTable>;

/** This module's tables, merged into the database's type (server/database.ts). */
declare module '../../database' {
  interface Database {
    translation_sources: TranslationSourceTable;
    page_translations: PageTranslationTable;
    segment_translations: SegmentTranslationTable;
    translation_memory: TranslationMemoryTable;
    translation_imports: TranslationImportTable;
    snippet_translations: SnippetTranslationTable;
    snippet_segment_translations: SnippetSegmentTranslationTable;
  }
}
