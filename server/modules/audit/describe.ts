import type { LogEntryWithUser } from './repo';
import { describePrivacyChange } from './describe-privacy';
import { formatAdminTime } from '../../../shared/admin/admin-clock';

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const titleOf = (value: unknown) =>
  typeof value === 'object' && value !== null ? str((value as { title?: unknown }).title) : '';

/** One audit-log entry as a sentence, in Wagtail's wording. */
export function describeLogEntry(entry: Pick<LogEntryWithUser, 'action' | 'data'>): string {
  const data = entry.data ?? {};
  switch (entry.action) {
    case 'create':
      return 'Created';
    case 'edit':
      return data.autosave ? 'Draft saved automatically' : 'Draft saved';
    case 'publish':
      return data.scheduled ? 'Published (scheduled)' : 'Published';
    case 'schedule':
      return `Scheduled for publishing at ${formatAdminTime(str(data.go_live_at))}`;
    case 'unschedule':
      return str(data.go_live_at)
        ? `Publishing at ${formatAdminTime(str(data.go_live_at))} cancelled`
        : 'Scheduled publishing cancelled';
    case 'unpublish':
      return 'Unpublished';
    case 'expire':
      return 'Expired';
    case 'move':
      return `Moved from '${titleOf(data.source)}' to '${titleOf(data.destination)}'`;
    case 'reorder':
      return reorderSentence(data);
    case 'copy':
      return `Copied from '${titleOf(data.source)}' to '${titleOf(data.destination)}'`;
    case 'delete':
      return 'Deleted';
    case 'lock':
      return 'Locked';
    case 'unlock':
      return 'Unlocked';
    case 'privacy':
      return describePrivacyChange(data);
    case 'revert':
      return `Reverted to the revision of ${formatAdminTime(str(data.reverted_to_created_at))} (new draft)`;
    case 'workflow.start':
      return 'Submitted for moderation';
    case 'workflow.resubmit':
      return 'Resubmitted for moderation';
    case 'workflow.approve':
      return str(data.comment) ? `Approved and published: ${str(data.comment)}` : 'Approved and published';
    case 'workflow.approve_task':
      return `Approved '${str(data.task)}'${str(data.comment) ? `: ${str(data.comment)}` : ''} (next: '${str(data.next_task)}')`;
    case 'workflow.restart_task':
      return `'${str(data.task)}' restarted on a new draft`;
    case 'workflow.reject':
      return str(data.comment) ? `Changes requested: ${str(data.comment)}` : 'Changes requested';
    case 'workflow.cancel':
      if (data.reason === 'published') return 'Workflow cancelled (published directly)';
      if (data.reason === 'workflow_disabled') return 'Workflow cancelled (the workflow was disabled)';
      if (data.reason === 'task_disabled') return 'Workflow cancelled (its last task was disabled)';
      return 'Workflow cancelled';
  }
}

/** Wagtail's "Reordered under 'X'", with the places counted from 1 as the explorer shows them. */
function reorderSentence(data: Record<string, unknown>): string {
  const place = (value: unknown) => (typeof value === 'number' ? value + 1 : null);
  const from = place(data.old_position);
  const to = place(data.new_position);
  const where = `Reordered under '${titleOf(data.destination)}'`;
  return from !== null && to !== null ? `${where} (from position ${from} to ${to})` : where;
}

export { displayName } from '../users/display-name';
