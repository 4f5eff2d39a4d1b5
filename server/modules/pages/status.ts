import type { PageStatus } from '../../../shared/admin/page-status';

export type StatusFields = {
  live: boolean;
  expired: boolean;
  has_unpublished_changes: boolean;
  /** Whether a revision waits to go live at an approved time. */
  scheduled: boolean;
  /** Whether a submission for moderation is in progress (absent: none). */
  in_moderation?: boolean;
};

/** Wagtail's Page.status_string. */
export function pageStatus(page: StatusFields): PageStatus {
  if (!page.live) {
    if (page.expired) return 'expired';
    if (page.scheduled) return 'scheduled';
    return page.in_moderation ? 'in moderation' : 'draft';
  }
  if (page.scheduled) return 'live + scheduled';
  if (page.in_moderation) return 'live + in moderation';
  return page.has_unpublished_changes ? 'live + draft' : 'live';
}
