/** The explorer's status of a page, as Wagtail words it (server/modules/pages/status.ts computes it). */
export type PageStatus =
  | 'draft'
  | 'live'
  | 'live + draft'
  | 'scheduled'
  | 'live + scheduled'
  | 'expired'
  | 'in moderation'
  | 'live + in moderation';
