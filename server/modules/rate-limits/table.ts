import type { ColumnType } from 'kysely';

export interface RateLimitTable {
  scope: string;
  key: string;
  hits: number;
  window_started_at: ColumnType<Date, Date | string | undefined, Date | string>;
  not_before: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** This module's tables, merged into the database's type (server/database.ts). */
declare module '../../database' {
  interface Database {
    rate_limits: RateLimitTable;
  }
}
