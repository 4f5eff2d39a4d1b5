/** The explorer's status of a page, as Wagtail words it. */
export type PageStatus = 'draft' | 'live' | 'live + draft' | 'scheduled' | 'live + scheduled' | 'expired';

export type StatusFields = {
  live: boolean;
  expired: boolean;
  has_unpublished_changes: boolean;
  /** Whether a revision waits to go live at an approved time. */
  scheduled: boolean;
};

/** Wagtail's Page.status_string. */
export function pageStatus(page: StatusFields): PageStatus {
  if (!page.live) {
    if (page.expired) return 'expired';
    return page.scheduled ? 'scheduled' : 'draft';
  }
  if (page.scheduled) return 'live + scheduled';
  return page.has_unpublished_changes ? 'live + draft' : 'live';
}
