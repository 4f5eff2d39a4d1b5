import type { ColumnType } from 'kysely';

export interface RateLimitTable {
  scope: string;
  key: string;
  hits: number;
  window_started_at: ColumnType<Date, Date | string | undefined, Date | string>;
  not_before: ColumnType<Date, Date | string | undefined, Date | string>;
}
