import type { Db } from '../../db';
import { describeLogEntry, displayName } from './describe';
import { countLogEntries, insertLogEntry, listLogEntries, type NewLogEntry } from './repo';
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
): Promise<{ entries: HistoryEntry[]; total: number }> {
  const entries = await listLogEntries(db, pageId, { limit, offset: 0 });
  const total = await countLogEntries(db, pageId);
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
