import type { ColumnType, Generated } from 'kysely';

/** One upload in progress: a user holds at most MAX_PARALLEL_UPLOADS of them at once. */
export interface UploadSlotTable {
  id: Generated<number>;
  user_id: number;
  started_at: ColumnType<Date, Date | undefined, never>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

declare module '../../database' {
  interface Database {
    upload_slots: UploadSlotTable;
  }
}
