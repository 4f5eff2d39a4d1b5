import type { ColumnType, Generated, Selectable } from 'kysely';

/**
 * Wagtail's Redirect: a normalised public old path ('/old-menu/', or '/promo/?c=1' when the query
 * string is matched) on one site or all (site_id NULL), to a page or a URL, 301 or 302.
 */
export interface RedirectTable {
  id: Generated<number>;
  old_path: string;
  site_id: number | null;
  redirect_page_id: number | null;
  redirect_link: string | null;
  /** The link's normalised path when it points at one of our sites (loops and chains are checked on it). */
  target_path: string | null;
  is_permanent: Generated<boolean>;
  match_query_string: Generated<boolean>;
  /** Left behind by a page move (Wagtail 5's automatically_created). */
  automatically_created: Generated<boolean>;
  version: Generated<number>;
  updated_at: Generated<Date>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export type Redirect = Selectable<RedirectTable>;

/** An import between its preview and its confirmation (the parsed rows, nothing written yet). */
export interface RedirectImportTable {
  token: string;
  user_id: number;
  file_name: string;
  rows: ColumnType<unknown, string, string>;
  created_at: Generated<Date>;
}

/** This module's tables, merged into the database's type (server/database.ts). */
declare module '../../database' {
  interface Database {
    redirects: RedirectTable;
    redirect_imports: RedirectImportTable;
  }
}
