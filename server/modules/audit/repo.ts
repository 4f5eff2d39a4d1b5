import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '../../database';
import { jsonb, type Db } from '../../db';
import type { ModelLogAction, ModelLogEntry, PageLogAction, PageLogEntry } from './table';

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

export type LogEntryWithUser = PageLogEntry & {
  username: string | null;
  first_name: string | null;
  last_name: string | null;
};

/** Narrows a page's history: one action, one user, a date range ([from, before) as instants). */
export type LogEntryFilter = { action?: string; userId?: number; from?: Date; before?: Date };

function filtered<QB extends SelectQueryBuilder<Database, 'page_log_entries' | 'users', object>>(
  query: QB,
  pageId: number,
  filter: LogEntryFilter,
): QB {
  let q = query.where('page_log_entries.page_id', '=', pageId) as QB;
  if (filter.action) q = q.where('page_log_entries.action', '=', filter.action as PageLogAction) as QB;
  if (filter.userId) q = q.where('page_log_entries.user_id', '=', filter.userId) as QB;
  if (filter.from) q = q.where('page_log_entries.created_at', '>=', filter.from) as QB;
  if (filter.before) q = q.where('page_log_entries.created_at', '<', filter.before) as QB;
  return q;
}

/** A page's history, newest first, with who did each action. */
export function listLogEntries(
  db: Db,
  pageId: number,
  window: { limit: number; offset: number },
  filter: LogEntryFilter = {},
): Promise<LogEntryWithUser[]> {
  const base = db
    .selectFrom('page_log_entries')
    .leftJoin('users', 'users.id', 'page_log_entries.user_id')
    .selectAll('page_log_entries')
    .select(['users.username', 'users.first_name', 'users.last_name']);
  return filtered(base, pageId, filter)
    .orderBy('page_log_entries.created_at', 'desc')
    .orderBy('page_log_entries.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export function countLogEntries(db: Db, pageId: number, filter: LogEntryFilter = {}): Promise<number> {
  const base = db
    .selectFrom('page_log_entries')
    .leftJoin('users', 'users.id', 'page_log_entries.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'));
  return filtered(base, pageId, filter)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

/** Everyone who acted on the page, for the history's user filter. */
export function listLogUsers(
  db: Db,
  pageId: number,
): Promise<Array<{ id: number; username: string; first_name: string | null; last_name: string | null }>> {
  return db
    .selectFrom('page_log_entries')
    .innerJoin('users', 'users.id', 'page_log_entries.user_id')
    .select(['users.id', 'users.username', 'users.first_name', 'users.last_name'])
    .where('page_log_entries.page_id', '=', pageId)
    .distinct()
    .orderBy('users.username')
    .execute();
}

export type NewModelLogEntry = {
  model: string;
  objectId: number | string;
  objectStr: string;
  userId: number | null;
  action: ModelLogAction;
  data?: Record<string, unknown>;
  revisionId?: number | null;
};

export async function insertModelLogEntry(db: Db, entry: NewModelLogEntry): Promise<void> {
  await db
    .insertInto('model_log_entries')
    .values({
      model: entry.model,
      object_id: String(entry.objectId),
      object_str: entry.objectStr.slice(0, 500),
      user_id: entry.userId,
      action: entry.action,
      data: jsonb(entry.data ?? {}),
      revision_id: entry.revisionId ?? null,
    })
    .execute();
}

export type ModelLogEntryWithUser = ModelLogEntry & {
  username: string | null;
  first_name: string | null;
  last_name: string | null;
};

/** One object's history, newest first, with who did each action. */
export function listModelLogEntries(
  db: Db,
  model: string,
  objectId: string,
  window: { limit: number; offset: number },
): Promise<ModelLogEntryWithUser[]> {
  return db
    .selectFrom('model_log_entries as e')
    .leftJoin('users', 'users.id', 'e.user_id')
    .selectAll('e')
    .select(['users.username', 'users.first_name', 'users.last_name'])
    .where('e.model', '=', model)
    .where('e.object_id', '=', objectId)
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export function countModelLogEntries(db: Db, model: string, objectId: string): Promise<number> {
  return db
    .selectFrom('model_log_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('model', '=', model)
    .where('object_id', '=', objectId)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

/** The revisions a page's log entries point at (the others were saved without a log entry: imports, seeds). */
export async function listLoggedRevisionIds(db: Db, pageId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('page_log_entries')
    .select('revision_id')
    .distinct()
    .where('page_id', '=', pageId)
    .where('revision_id', 'is not', null)
    .execute();
  return new Set(rows.map((row) => row.revision_id!));
}
