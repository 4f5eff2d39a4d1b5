import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface IdempotencyKeyTable {
  id: Generated<number>;
  /** A hash of the client's identity (see service.ts), never the identity itself. */
  client: string;
  key: string;
  fingerprint: string;
  state: 'in_progress' | 'done';
  holder: string;
  claimed_at: Timestamp;
  response_status: number | null;
  /** The stored answer (JSON); jsonb comes back parsed. */
  response_body: ColumnType<unknown, string | null, string | null>;
  expires_at: Timestamp;
}

export type IdempotencyKeyRow = Selectable<IdempotencyKeyTable>;

/** This module's tables, merged into the database's type (server/database.ts). */
declare module '../../database' {
  interface Database {
    idempotency_keys: IdempotencyKeyTable;
  }
}
