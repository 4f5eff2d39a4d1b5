import type { Db } from '../../db';
import type { PagePanels } from '../../../shared/admin/dashboard';
import type { UserPagePermissions } from '../permissions/policy';
import { toExplorerRow } from './explorer-service';
import { listPagesLockedBy } from './lifecycle-repo';
import * as pagesRepo from './repo';
import { scheduledItems } from './schedule-service';

const DASHBOARD_LIMIT = 10;
const LOCKED_LIMIT = 20;

/** The dashboard's panels of the user's own work: locked pages, latest edits, drafts and owned pages. */
export async function pagePanels(db: Db, userId: number, permissions: UserPagePermissions): Promise<PagePanels> {
  // Sequential on purpose: PGlite has a single connection.
  const locked = await listPagesLockedBy(db, userId, LOCKED_LIMIT);
  const edits = await pagesRepo.listRecentEditsBy(db, userId, DASHBOARD_LIMIT);
  const drafts = await pagesRepo.listDraftsBy(db, userId, DASHBOARD_LIMIT);
  const owned = await pagesRepo.listPagesOwnedBy(db, userId, DASHBOARD_LIMIT);
  const scheduled = await scheduledItems(db, permissions, DASHBOARD_LIMIT);
  return {
    lockedPages: locked.map((page) => ({
      id: page.id,
      title: page.title,
      lockedAt: page.locked_at ? new Date(page.locked_at).toISOString() : null,
    })),
    recentEdits: edits.map((e) => ({
      revisionId: e.revision_id,
      pageId: e.page_id,
      title: e.title,
      at: new Date(e.created_at).toISOString(),
    })),
    yourDrafts: drafts.map((row) => toExplorerRow(row, permissions.can('change', row))),
    // Pages you own: editable unless your rights were taken away since (then the editor says so).
    yourPages: owned.map((row) => toExplorerRow(row, true)),
    scheduled,
  };
}
