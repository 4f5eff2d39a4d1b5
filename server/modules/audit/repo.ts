import { jsonb, type Db } from '../../db';
import type { PageLogAction, PageLogEntry } from './table';

export type NewLogEntry = {
  pageId: number;
  userId: number | null;
  action: PageLogAction;
  data?: Record<string, unknown>;
  revisionId?: number | null;
};

export async function insertLogEntry(db: Db, entry: NewLogEntry): Promise<void> {
  await db
    .insertInto('page_log_entries')
    .values({
      page_id: entry.pageId,
      user_id: entry.userId,
      action: entry.action,
      data: jsonb(entry.data ?? {}),
      revision_id: entry.revisionId ?? null,
    })
    .execute();
}

export type LogEntryWithUser = PageLogEntry & { username: string | null; first_name: string | null; last_name: string | null };

/** A page's history, newest first, with who did each action. */
export function listLogEntries(db: Db, pageId: number, window: { limit: number; offset: number }): Promise<LogEntryWithUser[]> {
  return db
    .selectFrom('page_log_entries')
    .leftJoin('users', 'users.id', 'page_log_entries.user_id')
    .selectAll('page_log_entries')
    .select(['users.username', 'users.first_name', 'users.last_name'])
    .where('page_log_entries.page_id', '=', pageId)
    .orderBy('page_log_entries.created_at', 'desc')
    .orderBy('page_log_entries.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export function countLogEntries(db: Db, pageId: number): Promise<number> {
  return db
    .selectFrom('page_log_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('page_id', '=', pageId)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}
