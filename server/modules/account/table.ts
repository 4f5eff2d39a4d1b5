import type { ColumnType, Generated } from 'kysely';

export interface PasswordResetTokenTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** This module's tables, merged into the database's type (server/database.ts). */
declare module '../../database' {
  interface Database {
    password_reset_tokens: PasswordResetTokenTable;
  }
}
