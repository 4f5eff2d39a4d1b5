import { inTransaction, type Db } from '../../db';
import { HttpError, notFound } from '../../errors';
import { logPageAction } from '../audit/service';
import { cancelPendingJob, enqueueJob } from '../jobs/repo';
import type { JobHandler } from '../jobs/runner';
import { runPageHooks } from './lifecycle-hooks';
import * as lifecycleRepo from './lifecycle-repo';
import * as repo from './repo';
import { publishRevision } from './service';
import { contentForSave } from './content';
import { pageTypeOf } from './page-types';
import type { ScheduledItem } from '../../../shared/admin/dashboard';
import type { UserPagePermissions } from '../permissions/policy';
import type { Page, PageContent } from './table';

export const PUBLISH_JOB = 'pages.publish_scheduled';
export const EXPIRE_JOB = 'pages.expire';

export type Schedule = { goLiveAt: Date | null; expireAt: Date | null };

/** Whether a revision of the page waits for an approved go-live time (the status 'scheduled'). */
export function hasApprovedSchedule(db: Db, pageId: number): Promise<boolean> {
  return repo.hasApprovedSchedule(db, pageId);
}

/**
 * Wagtail's publish with go-live and expiry: a go-live in the future approves the revision for
 * that time (the page becomes 'scheduled'; a job publishes it), otherwise it goes live now.
 * An expiry time queues a job that takes the page off the site. Call inside a transaction.
 */
export async function publishOrSchedule(
  db: Db,
  pageId: number,
  revisionId: number,
  userId: number | null,
  schedule: Schedule,
  now = new Date(),
): Promise<{ page: Page; scheduled: boolean }> {
  if (schedule.expireAt && schedule.expireAt <= now) {
    throw new HttpError(400, 'invalid_page', 'The page could not be saved because of errors.', {
      expire_at: ['Expiry date/time must be in the future.'],
    });
  }
  if (schedule.goLiveAt && schedule.expireAt && schedule.expireAt <= schedule.goLiveAt) {
    throw new HttpError(400, 'invalid_page', 'The page could not be saved because of errors.', {
      expire_at: ['Expiry date/time must be after the go-live date/time.'],
    });
  }
  return inTransaction(db, async (trx) => {
    const page = await repo.lockPage(trx, pageId);
    if (!page) throw notFound('The page does not exist.');
    const revision = await repo.findRevision(trx, revisionId);
    assertPublishable(page, revision?.content.content);
    const title = revision?.content.title ?? page.title;
    // Publishing (or scheduling) by hand: features react first (moderation ends one in progress, as
    // Wagtail does by default).
    await runPageHooks('publishing', trx, { page: { id: page.id, title }, userId });
    await repo.updatePage(trx, page.id, { go_live_at: schedule.goLiveAt, expire_at: schedule.expireAt });
    if (schedule.expireAt) {
      await enqueueJob(trx, {
        kind: EXPIRE_JOB,
        payload: { pageId },
        runAt: schedule.expireAt,
        dedupeKey: `expire:${pageId}`,
      });
    } else await cancelPendingJob(trx, `expire:${pageId}`);

    if (schedule.goLiveAt && schedule.goLiveAt > now) {
      await lifecycleRepo.setApprovedSchedule(trx, pageId, revisionId, schedule.goLiveAt);
      await enqueueJob(trx, {
        kind: PUBLISH_JOB,
        payload: { pageId, revisionId },
        runAt: schedule.goLiveAt,
        dedupeKey: `publish:${pageId}`,
      });
      await logPageAction(trx, {
        pageId,
        userId,
        action: 'schedule',
        title,
        revisionId,
        data: { go_live_at: schedule.goLiveAt.toISOString() },
      });
      return { page: (await repo.findPageById(trx, pageId))!, scheduled: true };
    }
    await lifecycleRepo.setApprovedSchedule(trx, pageId, null, null);
    await cancelPendingJob(trx, `publish:${pageId}`);
    const published = await publishRevision(trx, pageId, revisionId);
    await logPageAction(trx, { pageId, userId, action: 'publish', title, revisionId });
    return { page: published, scheduled: false };
  });
}

/**
 * Drafts may keep required fields blank (contentForSave's deferRequired); a version is published
 * only once it passes every rule. Approving, reverting and the API's publish all come through here.
 */
function assertPublishable(page: Page, content: PageContent | undefined): void {
  const pageType = pageTypeOf(page.page_type);
  if (!pageType || content === undefined) return;
  if (!contentForSave(pageType, content).ok) {
    throw new HttpError(
      400,
      'incomplete_version',
      'This version has required fields left blank, so it cannot be published: open it in the editor, fill them in and publish again.',
    );
  }
}

/** Job: publish a revision approved for a go-live time, unless a newer schedule replaced it. */
export const publishScheduledJob: JobHandler = async (db, payload) => {
  const pageId = Number(payload.pageId);
  const revisionId = Number(payload.revisionId);
  await inTransaction(db, async (trx) => {
    const revision = await repo.findRevision(trx, revisionId);
    // The schedule was cancelled (a plain publish, an unpublish, a deletion): nothing to do.
    if (!revision || revision.page_id !== pageId || !revision.approved_go_live_at) return;
    await lifecycleRepo.setApprovedSchedule(trx, pageId, null, null);
    const page = await publishRevision(trx, pageId, revisionId);
    await repo.updatePage(trx, pageId, { go_live_at: null });
    await logPageAction(trx, {
      pageId,
      userId: null,
      action: 'publish',
      title: page.title,
      revisionId,
      data: { scheduled: true },
    });
  });
};

/** Job: take a page off the site at its expiry time (Wagtail's expired flag). */
export const expirePageJob: JobHandler = async (db, payload) => {
  const pageId = Number(payload.pageId);
  await inTransaction(db, async (trx) => {
    const page = await repo.lockPage(trx, pageId);
    if (!page || !page.live || !page.expire_at || new Date(page.expire_at) > new Date()) return;
    await repo.updatePage(trx, pageId, { live: false, expired: true, expire_at: null });
    await logPageAction(trx, { pageId, userId: null, action: 'expire', title: page.title });
  });
};

export const pageJobHandlers = new Map<string, JobHandler>([
  [PUBLISH_JOB, publishScheduledJob],
  [EXPIRE_JOB, expirePageJob],
]);

/**
 * Wagtail's unschedule (revisions_unschedule): the revision no longer waits for its go-live time.
 * The publish job is cancelled by its dedupe key, the page keeps its live version (or stays a
 * draft), and the audit log records it. 409 when the revision is not scheduled (already
 * published, or unscheduled by someone else meanwhile).
 */
export async function unschedulePage(db: Db, pageId: number, revisionId: number, userId: number): Promise<Page> {
  return inTransaction(db, async (trx) => {
    const page = await repo.lockPage(trx, pageId);
    if (!page || page.depth <= 1) throw notFound('The page does not exist.');
    const revision = await repo.findRevision(trx, revisionId);
    if (!revision || revision.page_id !== page.id) throw notFound('The revision does not exist.');
    if (!revision.approved_go_live_at)
      throw new HttpError(
        409,
        'not_scheduled',
        'This revision is not scheduled for publishing (it may have been published or unscheduled meanwhile).',
      );
    await lifecycleRepo.setApprovedSchedule(trx, pageId, null, null);
    await cancelPendingJob(trx, `publish:${pageId}`);
    const saved = await repo.updatePage(trx, pageId, { go_live_at: null });
    await logPageAction(trx, {
      pageId,
      userId,
      action: 'unschedule',
      title: revision.content.title,
      revisionId,
      data: { go_live_at: new Date(revision.approved_go_live_at).toISOString() },
    });
    return saved;
  });
}

const SCHEDULED_SCAN = 200;

/**
 * Revisions waiting for their go-live time on pages the user may edit, soonest first (the
 * dashboard's "Scheduled" panel); unscheduling needs 'publish', as Wagtail's can_unschedule.
 */
export async function scheduledItems(
  db: Db,
  permissions: UserPagePermissions,
  limit: number,
): Promise<ScheduledItem[]> {
  const rows = await lifecycleRepo.listScheduledRevisions(db, SCHEDULED_SCAN);
  return rows
    .filter((row) => permissions.can('change', row))
    .slice(0, limit)
    .map((row) => ({
      pageId: row.id,
      revisionId: row.revision_id,
      title: row.object_str || row.title,
      goLiveAt: new Date(row.approved_go_live_at!).toISOString(),
      live: row.live,
      canUnschedule: permissions.can('publish', row),
    }));
}
