import { inTransaction, type Db } from '../../db';
import { HttpError, notFound } from '../../errors';
import { logPageAction } from '../audit/service';
import { forbidden, type PageRef, type UserPagePermissions } from '../permissions/policy';
import * as repo from './repo';
import { listSiblingPaths, lockPageByPath, rewriteSiblingPaths } from './reorder-repo';
import type { Page } from './table';
import { STEP_LENGTH } from '../../tree-path';

/**
 * Wagtail's can_reorder_children: reordering changes live menus at once, so it takes 'publish' on
 * the parent (granted there or above), not 'change'. Superusers hold every permission.
 */
export function canReorderChildren(permissions: UserPagePermissions, parent: Pick<PageRef, 'path'>): boolean {
  return permissions.permissionsOn(parent).has('publish');
}

export type Reordered = {
  page: Pick<Page, 'id' | 'title'>;
  parent: Pick<Page, 'id' | 'title' | 'depth'>;
  /** 0-based positions among the parent's children, before and after. */
  from: number;
  to: number;
  siblingCount: number;
};

/**
 * Moves a page to a 0-based position among its siblings (Wagtail's set_page_position; past the
 * end means last). With materialised paths, sibling order is path order, so the siblings between
 * the old and the new place swap their top paths (and their subtrees follow) in one transaction.
 * The parent row is locked first: every insert, move or copy under it locks it too, so concurrent
 * reorders and additions wait their turn and never see half-rewritten paths.
 */
export async function setPagePosition(
  db: Db,
  pageId: number,
  position: number,
  permissions: UserPagePermissions,
): Promise<Reordered> {
  return inTransaction(db, async (trx) => {
    const found = await repo.findPageById(trx, pageId);
    if (!found || found.depth <= 1) throw notFound('The page does not exist.');
    const parent = await lockPageByPath(trx, found.path.slice(0, -STEP_LENGTH));
    if (!parent) throw notFound('The page does not exist.');
    if (!canReorderChildren(permissions, parent))
      throw forbidden(`You do not have permission to reorder the pages under '${parent.title}'.`);
    // Read after the lock: the committed order, which nobody can change until we commit.
    const siblings = await listSiblingPaths(trx, parent);
    const from = siblings.findIndex((sibling) => sibling.id === pageId);
    if (from < 0)
      throw new HttpError(
        409,
        'moved_meanwhile',
        `'${found.title}' was moved by someone else meanwhile. Reload the page list and try again.`,
      );
    const to = Math.min(position, siblings.length - 1);
    if (from !== to) {
      const low = Math.min(from, to);
      const run = siblings.slice(low, Math.max(from, to) + 1);
      const slots = run.map((sibling) => sibling.path);
      const moved = run.splice(from - low, 1)[0]!;
      run.splice(to - low, 0, moved);
      const moves = run
        .map((sibling, i) => ({ from: sibling.path, to: slots[i]! }))
        .filter((move) => move.from !== move.to);
      await rewriteSiblingPaths(trx, parent.path, moves);
      await logPageAction(trx, {
        pageId,
        userId: permissions.userId,
        action: 'reorder',
        title: found.title,
        data: {
          source: { id: parent.id, title: parent.title },
          destination: { id: parent.id, title: parent.title },
          old_position: from,
          new_position: to,
        },
      });
    }
    return {
      page: { id: found.id, title: found.title },
      parent: { id: parent.id, title: parent.title, depth: parent.depth },
      from,
      to,
      siblingCount: siblings.length,
    };
  });
}
