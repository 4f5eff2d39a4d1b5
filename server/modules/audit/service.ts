import type { Db } from '../../db';
import { describeLogEntry, displayName } from './describe';
import {
  countLogEntries,
  insertLogEntry,
  listLogEntries,
  listLoggedRevisionIds,
  listLogUsers,
  type LogEntryFilter,
  type NewLogEntry,
} from './repo';
import type { PageLogAction } from './table';

/**
 * Records one action on a page. Call it inside the action's transaction (pass the trx) so the
 * log never claims something that was rolled back. The page title is kept in the data because
 * the page may later be renamed or deleted.
 */
export function logPageAction(db: Db, entry: NewLogEntry & { title: string }): Promise<void> {
  const { title, data, ...rest } = entry;
  return insertLogEntry(db, { ...rest, data: { title, ...data } });
}

export type { LogEntryFilter };

export type HistoryEntry = {
  id: number;
  action: PageLogAction;
  description: string;
  createdAt: string;
  user: string | null;
  revisionId: number | null;
};

/** A page's history, newest first, each entry as a sentence in Wagtail's words; `total` counts them all. */
export async function pageHistory(
  db: Db,
  pageId: number,
  limit: number,
  filter: LogEntryFilter = {},
): Promise<{ entries: HistoryEntry[]; total: number }> {
  // Sequential on purpose: PGlite has a single connection.
  const entries = await listLogEntries(db, pageId, { limit, offset: 0 }, filter);
  const total = await countLogEntries(db, pageId, filter);
  return {
    entries: entries.map((entry) => ({
      id: entry.id,
      action: entry.action,
      description: describeLogEntry(entry),
      createdAt: new Date(entry.created_at).toISOString(),
      user: displayName(entry),
      revisionId: entry.revision_id,
    })),
    total,
  };
}

/** The people who acted on a page, by the name shown for them, for the history's user filter. */
export async function pageHistoryUsers(db: Db, pageId: number): Promise<Array<{ id: number; name: string }>> {
  return (await listLogUsers(db, pageId)).map((user) => ({ id: user.id, name: displayName(user) ?? user.username }));
}

/** Action codes as the history's filter names them. */
const ACTION_LABELS: Partial<Record<PageLogAction, string>> = {
  create: 'Created',
  edit: 'Draft saved',
  publish: 'Published',
  unpublish: 'Unpublished',
  move: 'Moved',
  copy: 'Copied',
  delete: 'Deleted',
  lock: 'Locked',
  unlock: 'Unlocked',
  privacy: 'Privacy changed',
  revert: 'Reverted',
  schedule: 'Scheduled',
  unschedule: 'Schedule cancelled',
  expire: 'Expired',
  'workflow.start': 'Submitted for moderation',
  'workflow.resubmit': 'Resubmitted for moderation',
  'workflow.approve': 'Approved',
  'workflow.approve_task': 'Task approved',
  'workflow.restart_task': 'Task restarted',
  'workflow.reject': 'Changes requested',
  'workflow.cancel': 'Moderation cancelled',
  reorder: 'Reordered',
};

export function actionLabel(action: PageLogAction): string {
  return ACTION_LABELS[action] ?? action;
}

/** The revisions some entry of the page's history points at. */
export function loggedRevisionIds(db: Db, pageId: number): Promise<Set<number>> {
  return listLoggedRevisionIds(db, pageId);
}
