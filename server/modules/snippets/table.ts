import type { ColumnType, Generated, Selectable } from 'kysely';

/** A country in one language (Wagtail's TranslatableMixin: one row per ISO code and language). */
export interface SnippetCountryTable {
  id: Generated<number>;
  iso_code: string;
  language_code: string;
  printable_name: string;
  site_id: number | null;
  root_page_id: number | null;
  version: Generated<number>;
  updated_at: Generated<Date>;
}

/** The published header menus (snippet_navigation) or footer (snippet_footers) of a site in one language. */
export interface SnippetChromeTable {
  id: Generated<number>;
  site_id: number;
  language_code: string;
  content: ColumnType<unknown, string, string>;
  version: Generated<number>;
  updated_at: Generated<Date>;
}

/** A named list of blocks that pages include through the toolbox block. */
export interface SnippetToolboxTable {
  id: Generated<number>;
  name: string;
  blocks: ColumnType<unknown, string | undefined, string>;
  version: Generated<number>;
  updated_at: Generated<Date>;
}

export type SnippetCountry = Selectable<SnippetCountryTable>;
export type SnippetChrome = Selectable<SnippetChromeTable>;
export type SnippetToolbox = Selectable<SnippetToolboxTable>;

/** This module's tables, merged into the database's type (server/database.ts). */
declare module '../../database' {
  interface Database {
    snippet_countries: SnippetCountryTable;
    snippet_navigation: SnippetChromeTable;
    snippet_footers: SnippetChromeTable;
    snippet_toolboxes: SnippetToolboxTable;
  }
}
