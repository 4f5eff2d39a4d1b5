import type { ColumnType, Generated, Selectable } from 'kysely';

export interface UserTable {
  id: Generated<number>;
  username: string;
  email: Generated<string>;
  first_name: Generated<string>;
  last_name: Generated<string>;
  password_hash: string;
  is_superuser: Generated<boolean>;
  is_active: Generated<boolean>;
  preferred_language: Generated<string>;
  /** IANA zone the admin prints times in; null: the site's (TIME_ZONE). */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
  last_login: ColumnType<Date | null, Date | string | null, Date | string | null>;
  date_joined: ColumnType<Date, Date | string | undefined, never>;
}

export type User = Selectable<UserTable>;

/** This module's tables, merged into the database's type (server/database.ts). */
declare module '../../database' {
  interface Database {
    users: UserTable;
  }
}
