import type { ColumnType, Generated, Selectable } from 'kysely';

/**
 * Wagtail's ReferenceIndex: one row per thing an object references. Models are keyed as the
 * permissions are ('wagtailcore.page', 'wagtailimages.image', 'snippets.core.country'); ids are
 * text so a page id, a snippet id and an embed URL share the column.
 */
export interface ReferenceIndexTable {
  id: Generated<number>;
  from_model: string;
  from_id: string;
  to_model: string;
  to_id: string;
  /** Where in the referencing object the reference sits ('body.2.value.image'); '' when it is the object itself. */
  field: Generated<string>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export type ReferenceRow = Selectable<ReferenceIndexTable>;

/** This module's tables, merged into the database's type (server/database.ts). */
declare module '../../database' {
  interface Database {
    reference_index: ReferenceIndexTable;
  }
}
