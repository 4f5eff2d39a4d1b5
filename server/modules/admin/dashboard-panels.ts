import type { Db } from '../../db';
import { mayCancel, mayReview } from '../moderation/default-workflow';
import * as moderationRepo from '../moderation/repo';
import { listPagesLockedBy } from '../pages/lifecycle-repo';
import type { UserPagePermissions } from '../permissions/policy';
import type { PendingModeration } from '../../../views/admin/ModerationPanel';

export type DashboardPending = PendingModeration & { pageId: number; title: string; canCancel: boolean };
export type DashboardLockedPage = { id: number; title: string; lockedAt: string | null };

/** The dashboard's moderation and lock panels (Wagtail's home panels of the same names). */
export type DashboardPanels = {
  /** 'Awaiting your review': submissions on pages the user may publish. */
  awaitingReview: DashboardPending[];
  /** 'Your pages in moderation': the user's own submissions still in progress. */
  yourModeration: DashboardPending[];
  /** 'Your locked pages'. */
  lockedPages: DashboardLockedPage[];
};

const PANEL_LIMIT = 20;

function pendingItem(row: moderationRepo.PendingListing, permissions: UserPagePermissions): DashboardPending {
  return {
    stateId: row.id,
    revisionId: row.revision_id,
    requestedBy: row.requested_by_name,
    requestedAt: new Date(row.created_at).toISOString(),
    pageId: row.page_id,
    title: row.title,
    canCancel: mayCancel(permissions, { ...row, id: row.page_id }, row),
  };
}

export async function dashboardPanels(db: Db, userId: number, permissions: UserPagePermissions): Promise<DashboardPanels> {
  // Only where the user may publish (the SQL narrows by subtree; the policy has the last word).
  const review = await moderationRepo.listPendingUnder(db, permissions.pathsWith('publish'), PANEL_LIMIT);
  const mine = await moderationRepo.listPendingRequestedBy(db, userId, PANEL_LIMIT);
  const locked = await listPagesLockedBy(db, userId, PANEL_LIMIT);
  return {
    awaitingReview: review.filter((row) => mayReview(permissions, { ...row, id: row.page_id })).map((row) => pendingItem(row, permissions)),
    yourModeration: mine.map((row) => pendingItem(row, permissions)),
    lockedPages: locked.map((page) => ({ id: page.id, title: page.title, lockedAt: page.locked_at ? new Date(page.locked_at).toISOString() : null })),
  };
}
