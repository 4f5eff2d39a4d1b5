import type { ColumnType } from 'kysely';

export interface SessionTable {
  sid: string;
  sess: ColumnType<Record<string, unknown>, string, string>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

/** This module's tables, merged into the database's type (server/database.ts). */
declare module '../../database' {
  interface Database {
    sessions: SessionTable;
  }
}
