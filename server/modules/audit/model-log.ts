import type { Db } from '../../db';
import { displayName } from './describe';
import { describePrivacyChange } from './describe-privacy';
import { countModelLogEntries, insertModelLogEntry, listModelLogEntries, type NewModelLogEntry } from './repo';
import type { ModelLogAction } from './table';
import { formatAdminTime } from '../../../shared/admin/admin-clock';

/**
 * The audit log of non-page objects (Wagtail's ModelLogEntry). Call inside the action's
 * transaction so the log never claims a rolled-back change. The admin viewset logs create, edit,
 * delete, publish and revert for every model it serves.
 */
export function logModelAction(db: Db, entry: NewModelLogEntry): Promise<void> {
  return insertModelLogEntry(db, entry);
}

export type ModelHistoryEntry = {
  id: number;
  action: ModelLogAction;
  description: string;
  createdAt: string;
  user: string | null;
  revisionId: number | null;
};

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** One entry as a sentence, in Wagtail's words. */
export function describeModelLogEntry(entry: { action: ModelLogAction; data: Record<string, unknown> | null }): string {
  const data = entry.data ?? {};
  const changed = Array.isArray(data.changed)
    ? data.changed.filter((name): name is string => typeof name === 'string')
    : [];
  switch (entry.action) {
    case 'create':
      return data.source === 'import'
        ? `Created (imported from ${str(data.file) || 'a file'})`
        : data.source === 'page-move'
          ? 'Created (page moved)'
          : 'Created';
    case 'edit':
      if (data.draft) return 'Draft saved';
      return changed.length ? `Edited (${changed.join(', ')})` : 'Edited';
    case 'delete':
      return 'Deleted';
    case 'publish':
      return 'Published';
    case 'revert':
      return `Reverted to the revision of ${formatAdminTime(str(data.reverted_to_created_at))} (new draft)`;
    case 'import':
      return `Imported from ${str(data.file) || 'a file'}`;
    case 'privacy':
      return describePrivacyChange(data);
  }
}

/** An object's history, newest first; `total` counts every entry. */
export async function modelHistory(
  db: Db,
  model: string,
  objectId: number | string,
  limit: number,
): Promise<{ entries: ModelHistoryEntry[]; total: number }> {
  const id = String(objectId);
  const [entries, total] = await Promise.all([
    listModelLogEntries(db, model, id, { limit, offset: 0 }),
    countModelLogEntries(db, model, id),
  ]);
  return {
    entries: entries.map((entry) => ({
      id: entry.id,
      action: entry.action,
      description: describeModelLogEntry(entry),
      createdAt: new Date(entry.created_at).toISOString(),
      user: displayName(entry),
      revisionId: entry.revision_id,
    })),
    total,
  };
}

/** The newest entry of an object: who saved it last and when (the stale-form message). */
export async function lastModelChange(
  db: Db,
  model: string,
  objectId: number | string,
): Promise<{ user: string | null; createdAt: string } | undefined> {
  const [entry] = await listModelLogEntries(db, model, String(objectId), { limit: 1, offset: 0 });
  return entry ? { user: displayName(entry), createdAt: new Date(entry.created_at).toISOString() } : undefined;
}
