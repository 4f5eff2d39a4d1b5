import type { Db } from '../../db';
import {
  deleteReferencesFrom,
  PAGE_MODEL,
  referencesInContent,
  registerReferenceSource,
  replaceReferences,
} from '../references/service';
import { pageTypeOf } from './page-types';
import * as referencesRepo from './references-repo';

/**
 * Pages in the reference index. A page records what its live content and its latest draft
 * reference (the union: an image used only in a draft is still in use, and deleting it would
 * break that draft when it is published). The page services call `indexPageReferences` inside
 * their transaction on create, save draft, publish, revert and copy, and `forgetPageReferences`
 * on delete; a move changes no reference (they are by id), and the usage screens read the
 * page's current title and URL.
 */

registerReferenceSource(PAGE_MODEL, async (db, ids) => {
  const numeric = ids.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
  const pages = await referencesRepo.findPagesByIds(db, numeric);
  return new Map(
    pages.map((page) => [
      String(page.id),
      {
        label: page.title,
        type: pageTypeOf(page.page_type)?.label ?? 'Page',
        editUrl: page.depth > 1 ? `/wagtail/pages/${page.id}/edit/` : undefined,
      },
    ]),
  );
});

/** Records what a page references now (its live content and latest draft). */
export async function indexPageReferences(db: Db, pageId: number): Promise<void> {
  const found = await referencesRepo.findIndexedContent(db, pageId);
  if (!found) return deleteReferencesFrom(db, { model: PAGE_MODEL, id: pageId });
  const live = referencesInContent(found.page.content);
  const draft = found.draft ? referencesInContent(found.draft.content.content) : [];
  // A page does not use itself (a link to its own anchor, a nav block listing it).
  const refs = [...live, ...draft].filter((ref) => !(ref.model === PAGE_MODEL && ref.id === String(pageId)));
  await replaceReferences(db, { model: PAGE_MODEL, id: pageId }, refs);
}

/** Forgets what deleted pages referenced. */
export function forgetPageReferences(db: Db, pageIds: readonly number[]): Promise<void> {
  return deleteReferencesFrom(db, { model: PAGE_MODEL, id: pageIds });
}

/** Indexes every page (the release step after the index was created; also safe to run again). */
export async function backfillPageReferences(db: Db): Promise<number> {
  let after = 0;
  let count = 0;
  for (;;) {
    const ids = await referencesRepo.pageIdsAfter(db, after, 200);
    if (ids.length === 0) return count;
    for (const id of ids) await indexPageReferences(db, id);
    count += ids.length;
    after = ids[ids.length - 1]!;
  }
}
