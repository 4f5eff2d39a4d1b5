import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

export interface DocumentTable {
  id: Generated<number>;
  title: string;
  /** The storage key, e.g. 'documents/press-kit-1a2b3c4d.pdf' (unique). */
  file: string;
  /** The sanitised file name used in the URL and Content-Disposition. */
  file_name: string;
  file_size: number;
  /** The type the file's bytes were recognised as on upload. */
  mimetype: string;
  file_hash: Generated<string>;
  collection_id: Generated<number>;
  /** Bumped by every save (the admin's stale-form check). */
  version: Generated<number>;
  uploaded_by_user_id: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export type DocumentRow = Selectable<DocumentTable>;
export type NewDocument = Insertable<DocumentTable>;

/** This module's tables, merged into the database's type (server/database.ts). */
declare module '../../database' {
  interface Database {
    documents: DocumentTable;
  }
}
