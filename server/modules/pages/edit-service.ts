import { inTransaction, type Db } from '../../db';
import { HttpError, notFound } from '../../errors';
import * as repo from './repo';
import { logPageAction } from '../audit/service';
import { assertEmbedsAllowed } from '../embeds/service';
import { findUserName } from './lifecycle-repo';
import { indexPageReferences } from './references';
import { assertNotLockedForUser } from './lifecycle-service';
import { publishOrSchedule, type Schedule } from './schedule-service';
import type { Page, PageContent, RevisionSnapshot } from './table';
import { runPageHooks } from './lifecycle-hooks';

/** The page's own fields on the edit screen (the block bodies travel separately, as `content`). */
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

export type SaveOptions = {
  publish: boolean;
  /** Go-live and expiry applied when publishing (a future go-live schedules instead). */
  schedule?: Schedule;
  /** The type-specific content (block bodies...) when the form edits it; else the draft's is kept. */
  content?: PageContent;
  /**
   * The latest revision when the form was opened. A different one means someone saved meanwhile
   * (a stale form), unless it is this very save submitted twice.
   */
  baseRevisionId?: number | null;
  /** Saved by the editor's autosave, not by a person pressing Save (the history says so). */
  autosave?: boolean;
  /** Saved by 'Submit for moderation', which moves the submission itself (no task restart here). */
  submitting?: boolean;
};

/**
 * Saves the edited fields as a new revision on top of the latest one (Wagtail's save_revision):
 * the live page is untouched and marked as having unpublished changes. Publishing makes that
 * revision live (or schedules it). A slug already used by a sibling is a field error; a page
 * locked by someone else refuses (423); a stale form refuses (409) and loses nothing.
 */
export async function saveRevision(
  db: Db,
  pageId: number,
  userId: number,
  fields: PageFieldsEdit,
  options: SaveOptions,
): Promise<Page> {
  return inTransaction(db, async (trx) => {
    const page = await repo.lockPage(trx, pageId);
    if (!page || page.depth === 1) throw notFound('The page does not exist.');
    await assertNotLockedForUser(trx, page, userId);
    const latest = page.latest_revision_id ? await repo.findRevision(trx, page.latest_revision_id) : undefined;
    const base = latest?.content ?? snapshotOf(page);
    const content: RevisionSnapshot = { ...base, ...fields, content: options.content ?? base.content };
    if (
      options.baseRevisionId !== undefined &&
      (options.baseRevisionId ?? null) !== (page.latest_revision_id ?? null)
    ) {
      // The same form posted twice: the first post already saved exactly this.
      const duplicate =
        latest && latest.user_id === userId && JSON.stringify(latest.content) === JSON.stringify(content);
      if (duplicate && !options.publish) return page;
      if (!duplicate) {
        const who = (await findUserName(trx, latest?.user_id ?? null)) ?? 'Someone';
        throw new HttpError(
          409,
          'stale_form',
          `${who} saved a newer version of this page while you were editing. Your changes are below and were not saved: reload the page to see the latest version before saving again.`,
        );
      }
    }
    const parent = await repo.findPageByPath(trx, page.path.slice(0, -4));
    if (parent && (await repo.siblingSlugTaken(trx, parent, fields.slug, page.id))) {
      throw new HttpError(400, 'invalid_page', 'The page could not be saved because of errors.', {
        slug: [`The slug '${fields.slug}' is already in use within the parent page.`],
      });
    }
    await assertEmbedsAllowed(trx, page.path, content.content);
    const revision = await repo.insertRevision(trx, { page_id: page.id, user_id: userId, content });
    const saved = await repo.updatePage(trx, page.id, {
      latest_revision_id: revision.id,
      has_unpublished_changes: true,
    });
    await indexPageReferences(trx, page.id);
    await logPageAction(trx, {
      pageId: page.id,
      userId,
      action: 'edit',
      title: content.title,
      revisionId: revision.id,
      ...(options.autosave ? { data: { autosave: true } } : {}),
    });
    if (!options.publish && !options.autosave && !options.submitting)
      await runPageHooks('draftSaved', trx, { page, revisionId: revision.id, userId, title: content.title });
    if (!options.publish) return saved;
    const { page: published } = await publishOrSchedule(
      trx,
      saved.id,
      revision.id,
      userId,
      options.schedule ?? { goLiveAt: null, expireAt: null },
    );
    return published;
  });
}
