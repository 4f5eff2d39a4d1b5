import type { ColumnType, Generated, Selectable } from 'kysely';

/** Header/footer snippets per site and language; JSON validated by shared/schemas/navigation.ts. */
export interface SiteSnippetTable {
  id: Generated<number>;
  site_id: number;
  language_code: string;
  header: ColumnType<unknown, string | null, string | null>;
  footer: ColumnType<unknown, string | null, string | null>;
  new_header: Generated<boolean>;
  updated_at: Generated<Date>;
}

export type SiteSnippet = Selectable<SiteSnippetTable>;

/** This module's tables, merged into the database's type (server/database.ts). */
declare module '../../database' {
  interface Database {
    site_snippets: SiteSnippetTable;
  }
}
