import { randomUUID } from 'node:crypto';
import { inTransaction, type Db } from '../../db';
import { HttpError, notFound } from '../../errors';
import { logPageAction } from '../audit/service';
import { assertEmbedsAllowed } from '../embeds/service';
import { contentForSave } from './content';
import { runPageHooks } from './lifecycle-hooks';
import { pageTypeOf, pageTypes } from './page-types';
import { indexPageReferences } from './references';
import * as repo from './repo';
import { SLUG_PATTERN, slugify } from './slug';
import type { Page, PageContent, RevisionSnapshot } from './table';
import { nextChildPath, STEP_LENGTH } from '../../tree-path';

export type PageFields = {
  title: string;
  slug?: string;
  seo_title?: string;
  search_description?: string;
  robots?: string;
  content: PageContent;
};

export type CreatePageInput = PageFields & {
  parentId: number;
  pageType: string;
  userId?: number | null;
  localeId?: number;
  translationKey?: string;
  publish?: boolean;
  /** Saving a draft: blocks may keep required fields blank until publishing (Wagtail 7). */
  deferRequired?: boolean;
};

function validationError(errors: Record<string, string[]>): HttpError {
  return new HttpError(400, 'invalid_page', 'The page could not be saved because of errors.', errors);
}

function snapshot(fields: Required<Omit<PageFields, 'content'>> & { content: PageContent }): RevisionSnapshot {
  return {
    title: fields.title,
    slug: fields.slug,
    seo_title: fields.seo_title,
    search_description: fields.search_description,
    robots: fields.robots,
    content: fields.content,
  };
}

/**
 * Creates a page under a parent, with its first revision; publishes it when asked. Validates
 * the type's placement, the slug (unique among siblings) and the content (strictly).
 */
export async function createPage(db: Db, input: CreatePageInput): Promise<Page> {
  const pageType = pageTypeOf(input.pageType);
  if (!pageType) throw new HttpError(400, 'unknown_page_type', `Unknown page type '${input.pageType}'`);
  const title = input.title.trim();
  const slug = (input.slug ?? slugify(title)).trim();
  const errors: Record<string, string[]> = {};
  if (!title) errors.title = ['This field is required.'];
  if (!SLUG_PATTERN.test(slug)) errors.slug = ['Use lower-case letters, digits and hyphens.'];
  const content = contentForSave(pageType, input.content, { deferRequired: input.deferRequired && !input.publish });
  if (!content.ok) Object.assign(errors, content.errors);
  if (Object.keys(errors).length) throw validationError(errors);

  return inTransaction(db, async (trx) => {
    const parent = await repo.lockPage(trx, input.parentId);
    if (!parent) throw notFound('The parent page does not exist.');
    if (!pageType.parentTypes.includes(parent.page_type)) {
      throw new HttpError(
        400,
        'not_allowed_here',
        `A ${pageType.label} cannot be created under a ${parent.page_type}.`,
      );
    }
    if (await repo.siblingSlugTaken(trx, parent, slug)) {
      throw validationError({ slug: [`The slug '${slug}' is already in use within the parent page.`] });
    }
    // The embed allow-list of the site the page joins (its settings, else the environment's).
    if (content.ok) await assertEmbedsAllowed(trx, parent.path, content.content);
    const fields = {
      title,
      slug,
      seo_title: input.seo_title?.trim() ?? '',
      search_description: input.search_description?.trim() ?? '',
      robots: input.robots?.trim() ?? '',
      content: content.ok ? content.content : {},
    };
    const page = await repo.insertPage(trx, {
      ...fields,
      path: nextChildPath(parent.path, await repo.lastChildPath(trx, parent)),
      depth: parent.depth + 1,
      page_type: pageType.type,
      locale_id: input.localeId ?? parent.locale_id,
      translation_key: input.translationKey ?? randomUUID(),
      url_path: `${parent.url_path}${slug}/`,
      owner_id: input.userId ?? null,
      live: false,
      has_unpublished_changes: true,
    });
    const revision = await repo.insertRevision(trx, {
      page_id: page.id,
      user_id: input.userId ?? null,
      content: snapshot(fields),
    });
    const withRevision = await repo.updatePage(trx, page.id, { latest_revision_id: revision.id });
    if (input.publish) return publishRevisionIn(trx, withRevision, revision.id);
    await indexPageReferences(trx, page.id);
    return withRevision;
  });
}

/**
 * Wagtail's create view: the page with its first revision, published at once when asked, and
 * the audit log's 'create' (and 'publish') entries, all in one transaction.
 */
export async function addPage(db: Db, input: CreatePageInput & { userId: number }): Promise<Page> {
  return inTransaction(db, async (trx) => {
    const page = await createPage(trx, input);
    const entry = { pageId: page.id, userId: input.userId, title: page.title, revisionId: page.latest_revision_id };
    await logPageAction(trx, { ...entry, action: 'create' });
    if (input.publish) await logPageAction(trx, { ...entry, action: 'publish' });
    return page;
  });
}

/** A page by id, the tree root included (undefined when there is none). */
export function findPage(db: Db, id: number): Promise<Page | undefined> {
  return repo.findPageById(db, id);
}

/** The first live page of a type under a root path (e.g. a site's state list page). */
export function findLivePageOfType(db: Db, pageType: string, underPath: string): Promise<Page | undefined> {
  return repo.findLivePageOfType(db, pageType, underPath);
}

/** The parent of a page (undefined for the tree root). */
export function findParentPage(db: Db, page: Pick<Page, 'path' | 'depth'>): Promise<Page | undefined> {
  if (page.depth <= 1) return Promise.resolve(undefined);
  return repo.findPageByPath(db, page.path.slice(0, -STEP_LENGTH));
}

/** The page types that may be created under a parent (its children's allowed types), in registry order. */
export function childTypesFor(parent: Pick<Page, 'page_type'>): Array<{ type: string; label: string }> {
  return [...pageTypes.values()]
    .filter((type) => type.parentTypes.includes(parent.page_type))
    .map((type) => ({ type: type.type, label: type.label }));
}

/** Makes a revision the live content of its page. */
export async function publishRevision(db: Db, pageId: number, revisionId: number): Promise<Page> {
  return inTransaction(db, async (trx) => {
    const page = await repo.lockPage(trx, pageId);
    if (!page) throw notFound('The page does not exist.');
    return publishRevisionIn(trx, page, revisionId);
  });
}

async function publishRevisionIn(trx: Db, page: Page, revisionId: number): Promise<Page> {
  const revision = await repo.findRevision(trx, revisionId);
  if (!revision || revision.page_id !== page.id) throw notFound('The revision does not exist.');
  const snap = revision.content;
  if (snap.slug && snap.slug !== page.slug) {
    // A new slug moves the page's URL and every descendant's with it.
    const newUrlPath = `${page.url_path.slice(0, page.url_path.length - page.slug.length - 1)}${snap.slug}/`;
    await repo.rewriteSubtreeUrlPaths(trx, page.path, page.url_path, newUrlPath);
  }
  const published = await repo.updatePage(trx, page.id, {
    slug: snap.slug || page.slug,
    title: snap.title,
    seo_title: snap.seo_title,
    search_description: snap.search_description,
    robots: snap.robots,
    content: snap.content,
    live: true,
    expired: false,
    has_unpublished_changes: page.latest_revision_id !== null && page.latest_revision_id !== revision.id,
    live_revision_id: revision.id,
    first_published_at: page.first_published_at ?? new Date(),
    last_published_at: new Date(),
  });
  await indexPageReferences(trx, page.id);
  await runPageHooks('published', trx, { page: { id: page.id }, revisionId: revision.id });
  return published;
}
