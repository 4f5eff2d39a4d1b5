import type { Db } from '../../db';
import { HttpError, notFound } from '../../errors';
import type { BulkActionName } from '../../../shared/schemas/page-bulk';
import type { BulkOutcome, BulkPlan, BulkPlanRow } from '../../../shared/admin/page-bulk';
import type { UserPagePermissions } from '../permissions/policy';
import { loadDraft, saveRevision } from './edit-service';
import * as lifecycleRepo from './lifecycle-repo';
import { deletePage, lockMessage, unpublishPage } from './lifecycle-service';
import { mayLiveUnder, movePage } from './move-copy-service';
import { pageTypeOf } from './page-types';
import * as repo from './repo';
import type { Page } from './table';

/**
 * Bulk actions on pages (Wagtail's bulk actions): which selected pages an action will act on, and
 * which it skips and why (no permission; or their state: unpublishing a draft, a page locked by
 * someone else, a site's root page). Acting goes through the single-page services one page at a
 * time, each in its own transaction, so audit entries, revisions, hooks (moderation, redirects,
 * cache purge) and refusals are exactly those of the one-page screens; one page failing leaves
 * the others done.
 */

const PERMISSION: Record<BulkActionName, 'publish' | 'unpublish' | 'move' | 'delete'> = {
  publish: 'publish',
  unpublish: 'unpublish',
  move: 'move',
  delete: 'delete',
};

const NO_PERMISSION: Record<BulkActionName, string> = {
  publish: 'You do not have permission to publish this page.',
  unpublish: 'You do not have permission to unpublish this page.',
  move: 'You do not have permission to move this page.',
  delete: 'You do not have permission to delete this page.',
};

type Loaded = Page & { in_moderation: boolean };

/** Why the page's state keeps the action from it (undefined: it can go ahead), and a note for the screen. */
async function stateOf(
  db: Db,
  action: BulkActionName,
  page: Loaded,
  userId: number,
  destination: Page | undefined,
): Promise<{ skip?: string; note?: string }> {
  if (page.locked && page.locked_by_id !== userId && action !== 'move') return { skip: await lockMessage(db, page) };
  switch (action) {
    case 'publish':
      if (page.live && !page.has_unpublished_changes) return { skip: 'It is live and has no unpublished changes.' };
      // As publishing from the editor: a publisher's publish ends the moderation in progress.
      return page.in_moderation ? { note: 'In moderation: publishing ends the moderation, as from the editor.' } : {};
    case 'unpublish':
      return page.live ? {} : { skip: 'It is not live (a draft has nothing to unpublish).' };
    case 'delete': {
      if (await lifecycleRepo.subtreeHoldsSiteRoot(db, page))
        return { skip: 'It is the root of a site (or contains one); change the site first.' };
      const descendants = await lifecycleRepo.countDescendants(db, page);
      if (descendants === 0) return {};
      return { note: descendants === 1 ? 'Also deletes its 1 subpage.' : `Also deletes its ${descendants} subpages.` };
    }
    case 'move': {
      if (page.locked && page.locked_by_id !== userId) return { skip: await lockMessage(db, page) };
      if (!destination) return {};
      if (destination.path.startsWith(page.path))
        return { skip: 'A page cannot be moved into itself or its subpages.' };
      if (destination.path === page.path.slice(0, -4)) return { skip: `It is already under '${destination.title}'.` };
      if (!mayLiveUnder(page, destination)) {
        const label = pageTypeOf(page.page_type)?.label ?? page.page_type;
        return { skip: `A ${label} cannot be placed under '${destination.title}'.` };
      }
      return {};
    }
  }
}

/** What the action will do to each selected page, as of now. */
export async function planBulkAction(
  db: Db,
  action: BulkActionName,
  ids: readonly number[],
  permissions: UserPagePermissions,
  destinationId?: number,
): Promise<BulkPlan & { pages: Loaded[]; destinationPage?: Page }> {
  const pages = (await repo.listPagesByIds(db, ids)).filter((page) => page.depth > 1);
  const found = new Set(pages.map((page) => page.id));
  const destinationPage = destinationId !== undefined ? await repo.findPageById(db, destinationId) : undefined;
  if (destinationId !== undefined && !destinationPage) throw notFound('The destination page does not exist.');
  const plan: BulkPlan & { pages: Loaded[]; destinationPage?: Page } = {
    action,
    act: [],
    skippedByPermission: [],
    skippedByState: [],
    missing: ids.filter((id) => !found.has(id)),
    destination: destinationPage ? { id: destinationPage.id, title: destinationPage.title } : undefined,
    pages: [],
    destinationPage,
  };
  for (const page of pages) {
    const row: BulkPlanRow = { id: page.id, title: page.title };
    // Move: 'move' on the page and 'add' on the destination; moving into itself is a matter of state.
    const allowed =
      action === 'move'
        ? permissions.can('move', page) && (!destinationPage || permissions.can('add', destinationPage))
        : permissions.can(PERMISSION[action], page);
    if (!allowed) {
      const reason =
        action === 'move' && destinationPage && permissions.can('move', page)
          ? `You do not have permission to add pages under '${destinationPage.title}'.`
          : NO_PERMISSION[action];
      plan.skippedByPermission.push({ ...row, reason });
      continue;
    }
    const state = await stateOf(db, action, page, permissions.userId, destinationPage);
    if (state.skip) plan.skippedByState.push({ ...row, reason: state.skip });
    else {
      plan.act.push(state.note ? { ...row, note: state.note } : row);
      plan.pages.push(page);
    }
  }
  return plan;
}

/** Publishes the page's latest draft as the editor's Publish does (its go-live and expiry kept when still ahead). */
async function publishLatest(db: Db, page: Page, userId: number, now: Date): Promise<void> {
  const { draft } = await loadDraft(db, page.id);
  const ahead = (value: Date | string | null) => (value && new Date(value) > now ? new Date(value) : null);
  await saveRevision(
    db,
    page.id,
    userId,
    { title: draft.title, slug: draft.slug, seo_title: draft.seo_title, search_description: draft.search_description },
    { publish: true, schedule: { goLiveAt: ahead(page.go_live_at), expireAt: ahead(page.expire_at) } },
  );
}

/**
 * Plans again (the state may have changed since the confirmation screen) and acts on each page
 * in turn. A refusal the single-page service gives (a slug taken under the destination, a version
 * with blank required fields, a lock taken meanwhile) is that page's outcome.
 */
export async function runBulkAction(
  db: Db,
  action: BulkActionName,
  ids: readonly number[],
  permissions: UserPagePermissions,
  destinationId?: number,
  now = new Date(),
): Promise<{ plan: BulkPlan; outcomes: BulkOutcome[] }> {
  const plan = await planBulkAction(db, action, ids, permissions, destinationId);
  const outcomes: BulkOutcome[] = [];
  const userId = permissions.userId;
  for (const page of plan.pages) {
    try {
      if (action === 'publish') await publishLatest(db, page, userId, now);
      else if (action === 'unpublish') await unpublishPage(db, page.id, userId, { includeDescendants: false });
      else if (action === 'delete') await deletePage(db, page.id, userId);
      else await movePage(db, page.id, plan.destinationPage!.id, userId);
      outcomes.push({ id: page.id, title: page.title, ok: true });
    } catch (error) {
      if (!(error instanceof HttpError) || error.status >= 500) throw error;
      // A field refusal ("could not be saved because of errors") says which field in `fields`.
      const detail = Object.values(error.fields ?? {}).flat();
      outcomes.push({ id: page.id, title: page.title, ok: false, message: detail.join(' ') || error.message });
    }
  }
  const { pages: _pages, destinationPage: _destination, ...shown } = plan;
  return { plan: shown, outcomes };
}

/** Where the selected pages may be moved: pages their types may live under and the user may add to. */
export async function bulkMoveDestinations(
  db: Db,
  pages: readonly Page[],
  permissions: UserPagePermissions,
): Promise<Array<{ id: number; title: string; depth: number }>> {
  const parentTypes = [...new Set(pages.flatMap((page) => pageTypeOf(page.page_type)?.parentTypes ?? []))];
  const candidates = await repo.listPagesOfTypes(db, parentTypes, 500);
  const full = await repo.listPagesByIds(
    db,
    candidates.map((c) => c.id),
  );
  return full
    .filter((candidate) => permissions.permissionsOn(candidate).has('add'))
    .map((candidate) => ({ id: candidate.id, title: candidate.title, depth: candidate.depth }));
}
