import { inTransaction, type Db } from '../../db';
import { HttpError, notFound } from '../../errors';
import { logPageAction } from '../audit/service';
import { cancelPendingJob } from '../jobs/repo';
import { runPageHooks } from './lifecycle-hooks';
import * as lifecycleRepo from './lifecycle-repo';
import { forgetPageReferences, indexPageReferences } from './references';
import * as repo from './repo';
import type { Page } from './table';
import { formatAdminTime } from '../../../shared/admin/admin-clock';

/** A locked page refuses saves and publishes from anyone but the holder (Wagtail's page lock). */
export async function assertNotLockedForUser(
  db: Db,
  page: Pick<Page, 'locked' | 'locked_by_id' | 'locked_at'>,
  userId: number,
): Promise<void> {
  if (!page.locked || page.locked_by_id === userId) return;
  throw new HttpError(423, 'page_locked', await lockMessage(db, page));
}

export async function lockMessage(db: Db, page: Pick<Page, 'locked_by_id' | 'locked_at'>): Promise<string> {
  const who = (await lifecycleRepo.findUserName(db, page.locked_by_id)) ?? 'another user';
  const when = page.locked_at ? ` at ${formatAdminTime(page.locked_at)}` : '';
  return `This page is locked by ${who}${when}. Only they can save or publish it until it is unlocked.`;
}

async function lockedPage(trx: Db, pageId: number): Promise<Page> {
  const page = await repo.lockPage(trx, pageId);
  if (!page || page.depth === 1) throw notFound('The page does not exist.');
  return page;
}

export async function lockPage(db: Db, pageId: number, userId: number): Promise<Page> {
  return inTransaction(db, async (trx) => {
    const page = await lockedPage(trx, pageId);
    if (page.locked) throw new HttpError(409, 'already_locked', await lockMessage(trx, page));
    const locked = await lifecycleRepo.setLock(trx, page.id, userId);
    await logPageAction(trx, { pageId: page.id, userId, action: 'lock', title: page.title });
    return locked;
  });
}

export async function unlockPage(db: Db, pageId: number, userId: number): Promise<Page> {
  return inTransaction(db, async (trx) => {
    const page = await lockedPage(trx, pageId);
    if (!page.locked) throw new HttpError(409, 'not_locked', 'This page is not locked.');
    const unlocked = await lifecycleRepo.setLock(trx, page.id, null);
    await logPageAction(trx, {
      pageId: page.id,
      userId,
      action: 'unlock',
      title: page.title,
      data: { locked_by: page.locked_by_id },
    });
    return unlocked;
  });
}

/** How many pages a delete takes with it (the delete screen says so). */
export function countDescendants(db: Db, page: Pick<Page, 'path' | 'id'>): Promise<number> {
  return lifecycleRepo.countDescendants(db, page);
}

/** How many live pages sit below a page (the unpublish screen offers to unpublish them too). */
export function countLiveDescendants(db: Db, page: Pick<Page, 'path' | 'id'>): Promise<number> {
  return lifecycleRepo.countLiveDescendants(db, page);
}

/** Takes a page (and optionally its live subpages) off the site; their drafts stay. */
export async function unpublishPage(
  db: Db,
  pageId: number,
  userId: number,
  options: { includeDescendants: boolean },
): Promise<number[]> {
  return inTransaction(db, async (trx) => {
    const page = await lockedPage(trx, pageId);
    if (!page.live) throw new HttpError(409, 'not_live', `The page '${page.title}' is not live.`);
    await assertNotLockedForUser(trx, page, userId);
    const ids = await lifecycleRepo.markUnpublished(trx, page, options.includeDescendants);
    const unpublished: Array<{ id: number; title: string }> = [];
    for (const id of ids) {
      await cancelPendingJob(trx, `expire:${id}`);
      const title = id === page.id ? page.title : ((await repo.findPageById(trx, id))?.title ?? '');
      await logPageAction(trx, { pageId: id, userId, action: 'unpublish', title });
      unpublished.push({ id, title });
    }
    await runPageHooks('unpublished', trx, { pages: unpublished, userId });
    return ids;
  });
}

/** Deletes a page and its subpages. Site roots cannot be deleted (a site would lose its home). */
export async function deletePage(
  db: Db,
  pageId: number,
  userId: number,
): Promise<{ parentId: number | null; deleted: number }> {
  return inTransaction(db, async (trx) => {
    const page = await lockedPage(trx, pageId);
    await assertNotLockedForUser(trx, page, userId);
    if (await lifecycleRepo.subtreeHoldsSiteRoot(trx, page)) {
      throw new HttpError(
        409,
        'site_root',
        'This page is the root of a site (or contains one); change the site first.',
      );
    }
    const subtree = await lifecycleRepo.listSubtree(trx, page);
    const parent = await repo.findPageByPath(trx, page.path.slice(0, -4));
    // In tree order: the deleted page first.
    await runPageHooks('deleting', trx, {
      pages: subtree.map((doomed) => ({
        id: doomed.id,
        title: doomed.title,
        path: doomed.path,
        urlPath: doomed.url_path,
        live: doomed.live,
      })),
      userId,
    });
    // Log before deleting: the entries keep the titles, the pages go.
    for (const doomed of subtree) {
      await logPageAction(trx, {
        pageId: doomed.id,
        userId,
        action: 'delete',
        title: doomed.title,
        data:
          doomed.id === page.id
            ? { descendants: subtree.length - 1, parent_id: parent?.id ?? null }
            : { deleted_with: page.id },
      });
      await cancelPendingJob(trx, `publish:${doomed.id}`);
      await cancelPendingJob(trx, `expire:${doomed.id}`);
    }
    await lifecycleRepo.deleteSubtree(trx, page);
    await forgetPageReferences(
      trx,
      subtree.map((doomed) => doomed.id),
    );
    return { parentId: parent?.id ?? null, deleted: subtree.length };
  });
}

/**
 * Loads an old revision's content into a new draft revision on top of the latest one (Wagtail's
 * revert): the live page is untouched until someone publishes.
 */
export async function revertToRevision(db: Db, pageId: number, revisionId: number, userId: number): Promise<Page> {
  return inTransaction(db, async (trx) => {
    const page = await lockedPage(trx, pageId);
    await assertNotLockedForUser(trx, page, userId);
    const old = await repo.findRevision(trx, revisionId);
    if (!old || old.page_id !== page.id) throw notFound('The revision does not exist.');
    const revision = await repo.insertRevision(trx, { page_id: page.id, user_id: userId, content: old.content });
    const saved = await repo.updatePage(trx, page.id, {
      latest_revision_id: revision.id,
      has_unpublished_changes: true,
    });
    await indexPageReferences(trx, page.id);
    await logPageAction(trx, {
      pageId: page.id,
      userId,
      action: 'revert',
      title: old.content.title,
      revisionId: revision.id,
      data: { reverted_to: old.id, reverted_to_created_at: new Date(old.created_at).toISOString() },
    });
    return saved;
  });
}
