import type { ColumnType, Generated, Selectable } from 'kysely';

/** One open page editor (migration 2026_11_22_000810_editing_sessions). */
export interface EditingSessionTable {
  id: Generated<number>;
  user_id: number;
  page_id: number;
  session_key: string;
  last_seen_at: ColumnType<Date, Date | string | undefined, Date | string>;
  last_active_at: ColumnType<Date, Date | string | undefined, Date | string>;
  is_editing: Generated<boolean>;
  revision_id: number | null;
}

export type EditingSession = Selectable<EditingSessionTable>;

/** This module's tables, merged into the database's type (server/database.ts). */
declare module '../../database' {
  interface Database {
    editing_sessions: EditingSessionTable;
  }
}
