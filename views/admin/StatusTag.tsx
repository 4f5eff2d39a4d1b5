import type { PageStatus } from '../../shared/admin/page-status';

const MODIFIER: Record<PageStatus, string> = {
  draft: 'draft',
  live: 'live',
  'live + draft': 'live-draft',
  scheduled: 'scheduled',
  'live + scheduled': 'scheduled',
  expired: 'expired',
  'in moderation': 'moderation',
  'live + in moderation': 'moderation',
};

/** A page status as words with a tinted background: the colour only repeats what the text says. */
export function StatusTag({ status }: { status: PageStatus }) {
  return <span className={`admin-status admin-status--${MODIFIER[status]}`}>{status}</span>;
}
