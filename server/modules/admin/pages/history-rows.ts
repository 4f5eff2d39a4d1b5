import type { HistoryRow } from '../../../../views/admin/PageHistoryScreen';
import type { HistoryEntry, LogEntryFilter } from '../../audit/service';
import type { RevisionListing } from '../../pages/revisions-service';
import type { Page } from '../../pages/table';

const iso = (value: Date | string) => new Date(value).toISOString();

/** Whether a revision saved without a log entry belongs in the filtered history (it reads as 'Draft saved'). */
function revisionMatches(revision: RevisionListing, filter: LogEntryFilter): boolean {
  const at = new Date(revision.created_at);
  return (
    (!filter.action || filter.action === 'edit') &&
    (!filter.userId || revision.user_id === filter.userId) &&
    (!filter.from || at >= filter.from) &&
    (!filter.before || at < filter.before)
  );
}

/**
 * The merged history: the audit log's entries, each linked to the revision it saved, plus the
 * revisions no entry points at (seeded or imported content), so every revision can still be
 * viewed, compared and reverted to from one screen. Newest first.
 */
export function historyRows(
  page: Pick<Page, 'live' | 'live_revision_id' | 'latest_revision_id'>,
  entries: HistoryEntry[],
  revisions: RevisionListing[],
  logged: Set<number>,
  filter: LogEntryFilter,
): HistoryRow[] {
  const older = new Map(revisions.map((r, index) => [r.id, revisions[index + 1]?.id ?? null]));
  const byId = new Map(revisions.map((r) => [r.id, r]));
  const linkOf = (revision: RevisionListing | undefined): HistoryRow['revision'] =>
    revision
      ? {
          id: revision.id,
          previousId: older.get(revision.id) ?? null,
          isLive: revision.id === page.live_revision_id && page.live,
          isLatest: revision.id === page.latest_revision_id,
          scheduledFor: revision.approved_go_live_at ? iso(revision.approved_go_live_at) : null,
        }
      : null;
  const rows: HistoryRow[] = entries.map((entry) => ({
    ...entry,
    key: `e${entry.id}`,
    revision: linkOf(entry.revisionId ? byId.get(entry.revisionId) : undefined),
  }));
  for (const revision of revisions) {
    if (logged.has(revision.id) || !revisionMatches(revision, filter)) continue;
    rows.push({
      key: `r${revision.id}`,
      action: 'edit',
      description: 'Revision saved',
      createdAt: iso(revision.created_at),
      user: revision.user_name,
      revision: linkOf(revision),
    });
  }
  return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
