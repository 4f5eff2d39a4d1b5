import type { ColumnType, Generated, Selectable } from 'kysely';

/** A full JSON snapshot of a non-page object with drafts (Wagtail's Revision for snippets). */
export interface ObjectRevisionTable {
  id: Generated<number>;
  model: string;
  object_id: string;
  object_str: string;
  content: ColumnType<unknown, string, string>;
  user_id: number | null;
  created_at: Generated<Date>;
}

export type ObjectRevision = Selectable<ObjectRevisionTable>;

/** This module's tables, merged into the database's type (server/database.ts). */
declare module '../../database' {
  interface Database {
    object_revisions: ObjectRevisionTable;
  }
}
