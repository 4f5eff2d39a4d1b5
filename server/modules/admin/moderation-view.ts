import type { Db } from '../../db';
import type { Page } from '../pages/table';
import type { UserPagePermissions } from '../permissions/policy';
import { DEFAULT_WORKFLOW, mayCancel, mayReview } from '../moderation/default-workflow';
import * as moderationRepo from '../moderation/repo';
import type { ModerationView } from '../../../views/admin/ModerationPanel';

const iso = (value: Date | string | null) => new Date(value ?? 0).toISOString();

/** The edit screen's moderation banner and buttons for this viewer. */
export async function moderationView(db: Db, page: Page, permissions: UserPagePermissions): Promise<ModerationView> {
  const latest = await moderationRepo.findLatestState(db, page.id);
  const inProgress = latest?.status === 'in_progress' ? latest : undefined;
  return {
    workflowName: DEFAULT_WORKFLOW.name,
    canPublish: permissions.can('publish', page),
    inProgress: inProgress
      ? {
          stateId: inProgress.id,
          revisionId: inProgress.revision_id,
          requestedBy: inProgress.requested_by_name,
          requestedAt: iso(inProgress.created_at),
          byMe: inProgress.requested_by_id === permissions.userId,
          canReview: mayReview(permissions, page),
          canCancel: mayCancel(permissions, page, inProgress),
          newerDraft: page.latest_revision_id !== inProgress.revision_id,
        }
      : null,
    changesRequested:
      latest?.status === 'needs_changes' ? { by: latest.finished_by_name, at: iso(latest.finished_at), comment: latest.comment } : null,
  };
}
