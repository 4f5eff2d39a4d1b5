import type { ColumnType, Generated, Selectable } from 'kysely';

/** One settings model's values for one site (Wagtail's BaseSiteSetting), validated by its shared schema. */
export interface SiteSettingTable {
  site_id: number;
  model: string;
  value: ColumnType<unknown, string, string>;
  version: Generated<number>;
  updated_at: Generated<Date>;
}

export type SiteSettingRow = Selectable<SiteSettingTable>;

/** This module's tables, merged into the database's type (server/database.ts). */
declare module '../../database' {
  interface Database {
    site_settings: SiteSettingTable;
  }
}
