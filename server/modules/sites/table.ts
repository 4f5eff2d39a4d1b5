import type { Generated, Selectable } from 'kysely';

export interface LocaleTable {
  id: Generated<number>;
  language_code: string;
}

export interface SiteTable {
  id: Generated<number>;
  hostname: string;
  port: Generated<number>;
  site_name: string;
  root_page_id: number;
  is_default_site: Generated<boolean>;
}

export type Locale = Selectable<LocaleTable>;
export type Site = Selectable<SiteTable>;

/** This module's tables, merged into the database's type (server/database.ts). */
declare module '../../database' {
  interface Database {
    locales: LocaleTable;
    sites: SiteTable;
  }
}
