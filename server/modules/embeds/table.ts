import type { ColumnType, Generated, Selectable } from 'kysely';

/** Wagtail's Embed, resolved offline: a URL the content uses, its provider, the iframe URL and a title. */
export interface EmbedTable {
  id: Generated<number>;
  url: string;
  provider_name: string;
  embed_url: string;
  title: Generated<string>;
  type: Generated<string>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type Embed = Selectable<EmbedTable>;

/** This module's tables, merged into the database's type (server/database.ts). */
declare module '../../database' {
  interface Database {
    embeds: EmbedTable;
  }
}
