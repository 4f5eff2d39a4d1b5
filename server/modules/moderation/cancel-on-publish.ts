import type { Db } from '../../db';
import { logPageAction } from '../audit/service';
import { DEFAULT_WORKFLOW } from './default-workflow';
import * as repo from './repo';

/**
 * Publishing a page by hand ends its moderation (Wagtail's WAGTAIL_WORKFLOW_CANCEL_ON_PUBLISH,
 * on by default): the submission is cancelled and the log says why. Call inside the publish
 * transaction, with the page row locked. Approving ends the submission before it publishes, so
 * it never gets here with one in progress.
 */
export async function cancelModerationOnPublish(trx: Db, page: { id: number; title: string }, userId: number | null): Promise<void> {
  const current = await repo.findInProgress(trx, page.id);
  if (!current) return;
  await repo.finishState(trx, current.id, { status: 'cancelled', finishedById: userId });
  await logPageAction(trx, {
    pageId: page.id,
    userId,
    action: 'workflow.cancel',
    title: page.title,
    revisionId: current.revision_id,
    data: { workflow: DEFAULT_WORKFLOW.name, workflow_state_id: current.id, reason: 'published' },
  });
}
