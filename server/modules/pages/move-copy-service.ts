import { randomUUID } from 'node:crypto';
import { inTransaction, type Db } from '../../db';
import { HttpError, notFound } from '../../errors';
import { logPageAction } from '../audit/service';
import { runPageHooks } from './lifecycle-hooks';
import { assertNotLockedForUser } from './lifecycle-service';
import * as lifecycleRepo from './lifecycle-repo';
import { pageTypeOf } from './page-types';
import { indexPageReferences } from './references';
import * as repo from './repo';
import { publishRevision } from './service';
import { SLUG_PATTERN } from './slug';
import type { Page } from './table';
import { nextChildPath } from '../../tree-path';

function slugClash(slug: string): HttpError {
  return new HttpError(400, 'invalid_page', 'The page could not be saved because of errors.', {
    slug: [`The slug '${slug}' is already in use within the parent page.`],
  });
}

/** Whether a page of this type may sit under that parent (the type's parentTypes). */
export function mayLiveUnder(page: Pick<Page, 'page_type'>, parent: Pick<Page, 'page_type'>): boolean {
  return pageTypeOf(page.page_type)?.parentTypes.includes(parent.page_type) ?? false;
}

/** The move screen: the page being browsed and its children, each marked as a place the page may go or not. */
export type MoveChoices = {
  browsing: { id: number; title: string; allowed: boolean; parentId: number | null };
  rows: Array<{ id: number; title: string; allowed: boolean; hasChildren: boolean }>;
};

const MOVE_ROWS_LIMIT = 200;

/** What the move screen shows while browsing `browseId` (else the page's own parent). */
export async function moveChoices(db: Db, page: Page, browseId: number | undefined): Promise<MoveChoices> {
  const browsing =
    (browseId ? await repo.findPageById(db, browseId) : undefined) ??
    (await repo.findPageByPath(db, page.path.slice(0, -4)));
  if (!browsing) throw notFound('The page does not exist.');
  // A destination is offered when the type may live there and it is outside the page's own subtree.
  const allowed = (destination: Pick<Page, 'path' | 'page_type'>) =>
    !destination.path.startsWith(page.path) && mayLiveUnder(page, destination);
  const children = await repo.listMoveChoices(db, browsing, page.id, MOVE_ROWS_LIMIT);
  const parent = browsing.depth > 1 ? await repo.findPageByPath(db, browsing.path.slice(0, -4)) : undefined;
  return {
    browsing: { id: browsing.id, title: browsing.title, allowed: allowed(browsing), parentId: parent?.id ?? null },
    rows: children.map((child) => ({
      id: child.id,
      title: child.title,
      allowed: allowed(child),
      hasChildren: child.numchild > 0 && !child.path.startsWith(page.path),
    })),
  };
}

const COPY_DESTINATIONS_LIMIT = 500;

/** The copy screen's destinations: pages the type may live under, in tree order (Wagtail browses; a list is enough for a chain's tree). */
export function copyDestinations(
  db: Db,
  page: Pick<Page, 'page_type'>,
): Promise<Array<{ id: number; title: string; depth: number }>> {
  return repo.listPagesOfTypes(db, pageTypeOf(page.page_type)?.parentTypes ?? [], COPY_DESTINATIONS_LIMIT);
}

/**
 * Moves a page with its subtree under a new parent. Refuses a destination inside the page itself
 * or one its type may not live under, and a slug a new sibling uses. Every live page of the subtree
 * leaves a permanent redirect at its old URL.
 */
export async function movePage(db: Db, pageId: number, destinationId: number, userId: number): Promise<Page> {
  return inTransaction(db, async (trx) => {
    const page = await repo.lockPage(trx, pageId);
    if (!page || page.depth <= 1) throw notFound('The page does not exist.');
    const destination = await repo.lockPage(trx, destinationId);
    if (!destination) throw notFound('The destination page does not exist.');
    await assertNotLockedForUser(trx, page, userId);
    if (destination.path.startsWith(page.path)) {
      throw new HttpError(400, 'move_into_self', 'A page cannot be moved into itself or one of its subpages.');
    }
    if (destination.path === page.path.slice(0, -4)) {
      throw new HttpError(400, 'same_parent', `'${page.title}' is already under '${destination.title}'.`);
    }
    if (!mayLiveUnder(page, destination)) {
      throw new HttpError(
        400,
        'not_allowed_here',
        `A ${pageTypeOf(page.page_type)?.label ?? page.page_type} cannot be placed under '${destination.title}'.`,
      );
    }
    if (await repo.siblingSlugTaken(trx, destination, page.slug)) throw slugClash(page.slug);

    const oldParent = await repo.findPageByPath(trx, page.path.slice(0, -4));
    const liveBefore = (await lifecycleRepo.listSubtree(trx, page)).filter((p) => p.live);
    const newPath = nextChildPath(destination.path, await repo.lastChildPath(trx, destination));
    const newUrlPath = `${destination.url_path}${page.slug}/`;
    await lifecycleRepo.relocateSubtree(trx, page, {
      path: newPath,
      depth: destination.depth + 1,
      urlPath: newUrlPath,
    });
    await runPageHooks('moved', trx, {
      moved: liveBefore.map((moved) => ({ id: moved.id, title: moved.title, oldUrlPath: moved.url_path })),
      userId,
    });
    await logPageAction(trx, {
      pageId: page.id,
      userId,
      action: 'move',
      title: page.title,
      data: {
        source: { id: oldParent?.id ?? null, title: oldParent?.title ?? '' },
        destination: { id: destination.id, title: destination.title },
        old_url_path: page.url_path,
      },
    });
    return (await repo.findPageById(trx, page.id))!;
  });
}

export type CopyOptions = {
  destinationId: number;
  title: string;
  slug: string;
  copySubpages: boolean;
  /** Publish the copies of pages that are live (otherwise every copy is a draft). */
  publishCopies: boolean;
};

/** Copies a page (its latest draft) under a destination with a new title and slug, optionally with its subpages. */
export async function copyPage(db: Db, pageId: number, options: CopyOptions, userId: number): Promise<Page> {
  const title = options.title.trim();
  const slug = options.slug.trim();
  const errors: Record<string, string[]> = {};
  if (!title) errors.new_title = ['This field is required.'];
  if (!SLUG_PATTERN.test(slug)) errors.new_slug = ['Enter a valid slug: lower-case letters, digits and hyphens.'];
  if (Object.keys(errors).length)
    throw new HttpError(400, 'invalid_copy', 'The page could not be copied because of errors.', errors);

  return inTransaction(db, async (trx) => {
    const source = await repo.findPageById(trx, pageId);
    if (!source || source.depth <= 1) throw notFound('The page does not exist.');
    const destination = await repo.lockPage(trx, options.destinationId);
    if (!destination) throw notFound('The destination page does not exist.');
    if (!mayLiveUnder(source, destination)) {
      throw new HttpError(
        400,
        'not_allowed_here',
        `A ${pageTypeOf(source.page_type)?.label ?? source.page_type} cannot be placed under '${destination.title}'.`,
      );
    }
    if (options.copySubpages && destination.path.startsWith(source.path)) {
      throw new HttpError(
        400,
        'copy_into_self',
        'A page cannot be copied with its subpages into itself or one of its subpages.',
      );
    }
    if (await repo.siblingSlugTaken(trx, destination, slug)) {
      throw new HttpError(400, 'invalid_copy', 'The page could not be copied because of errors.', {
        new_slug: [`The slug '${slug}' is already in use within the parent page.`],
      });
    }
    const subtree = options.copySubpages ? await lifecycleRepo.listSubtree(trx, source) : [source];
    // Source path -> copy, so each copied child lands under its copied parent.
    const copies = new Map<string, Page>();
    const copied: Array<{ sourceId: number; copyId: number; live: boolean }> = [];
    for (const original of subtree) {
      const isTop = original.id === source.id;
      const parent = isTop ? destination : copies.get(original.path.slice(0, -4));
      if (!parent) continue;
      const latest = original.latest_revision_id
        ? await repo.findRevision(trx, original.latest_revision_id)
        : undefined;
      const draft = latest?.content ?? {
        title: original.title,
        slug: original.slug,
        seo_title: original.seo_title,
        search_description: original.search_description,
        robots: original.robots,
        content: original.content,
      };
      const fields = isTop ? { ...draft, title, slug } : draft;
      const copy = await repo.insertPage(trx, {
        title: fields.title,
        slug: fields.slug,
        seo_title: fields.seo_title,
        search_description: fields.search_description,
        robots: fields.robots,
        content: fields.content,
        path: nextChildPath(parent.path, await repo.lastChildPath(trx, parent)),
        depth: parent.depth + 1,
        page_type: original.page_type,
        locale_id: original.locale_id,
        translation_key: randomUUID(),
        url_path: `${parent.url_path}${fields.slug}/`,
        owner_id: userId,
        live: false,
        has_unpublished_changes: true,
      });
      const revision = await repo.insertRevision(trx, { page_id: copy.id, user_id: userId, content: fields });
      let saved = await repo.updatePage(trx, copy.id, { latest_revision_id: revision.id });
      if (options.publishCopies && original.live) saved = await publishRevision(trx, saved.id, revision.id);
      else await indexPageReferences(trx, saved.id);
      copies.set(original.path, saved);
      copied.push({ sourceId: original.id, copyId: saved.id, live: saved.live });
      await logPageAction(trx, {
        pageId: saved.id,
        userId,
        action: 'copy',
        title: saved.title,
        data: {
          source: { id: original.id, title: original.title },
          destination: { id: parent.id, title: parent.title },
        },
      });
    }
    await runPageHooks('copied', trx, { copies: copied, userId });
    return copies.get(source.path)!;
  });
}
