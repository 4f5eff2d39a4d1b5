import { inTransaction, type Db } from '../../db';
import { HttpError, notFound } from '../../errors';
import * as repo from './repo';
import { publishRevision } from './service';
import type { Page, RevisionSnapshot } from './table';

/** The page fields the edit screen changes today (content blocks come with the block editor). */
export type PageFieldsEdit = { title: string; slug: string; seo_title: string; search_description: string };

/** What the editor shows: the latest revision (the draft), else the page row. */
export async function loadDraft(db: Db, pageId: number): Promise<{ page: Page; draft: RevisionSnapshot }> {
  const page = await repo.findPageById(db, pageId);
  if (!page || page.depth === 1) throw notFound('The page does not exist.');
  const latest = page.latest_revision_id ? await repo.findRevision(db, page.latest_revision_id) : undefined;
  return { page, draft: latest?.content ?? snapshotOf(page) };
}

function snapshotOf(page: Page): RevisionSnapshot {
  return {
    title: page.title,
    slug: page.slug,
    seo_title: page.seo_title,
    search_description: page.search_description,
    robots: page.robots,
    content: page.content,
  };
}

/**
 * Saves the edited fields as a new revision on top of the latest one (Wagtail's save_revision):
 * the live page is untouched and marked as having unpublished changes. Publishing makes that
 * revision live. A slug already used by a sibling is a field error.
 */
export async function saveRevision(db: Db, pageId: number, userId: number, fields: PageFieldsEdit, options: { publish: boolean }): Promise<Page> {
  return inTransaction(db, async (trx) => {
    const page = await repo.lockPage(trx, pageId);
    if (!page || page.depth === 1) throw notFound('The page does not exist.');
    const parent = await repo.findPageByPath(trx, page.path.slice(0, -4));
    if (parent && (await repo.siblingSlugTaken(trx, parent, fields.slug, page.id))) {
      throw new HttpError(400, 'invalid_page', 'The page could not be saved because of errors.', {
        slug: [`The slug '${fields.slug}' is already in use within the parent page.`],
      });
    }
    const latest = page.latest_revision_id ? await repo.findRevision(trx, page.latest_revision_id) : undefined;
    const base = latest?.content ?? snapshotOf(page);
    const revision = await repo.insertRevision(trx, { page_id: page.id, user_id: userId, content: { ...base, ...fields } });
    const saved = await repo.updatePage(trx, page.id, { latest_revision_id: revision.id, has_unpublished_changes: true });
    return options.publish ? publishRevision(trx, saved.id, revision.id) : saved;
  });
}
