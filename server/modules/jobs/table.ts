import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

/** A unit of background work any dyno may claim (FOR UPDATE SKIP LOCKED). */
export interface JobTable {
  id: Generated<number>;
  kind: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  dedupe_key: string | null;
  run_at: Timestamp;
  status: Generated<JobStatus>;
  attempts: Generated<number>;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  finished_at: Timestamp | null;
}

export type Job = Selectable<JobTable>;

/** This module's tables, merged into the database's type (server/database.ts). */
declare module '../../database' {
  interface Database {
    jobs: JobTable;
  }
}
