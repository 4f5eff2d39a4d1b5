import { createHash } from 'node:crypto';
import { inTransaction, type Db } from '../../db';
import { HttpError, notFound } from '../../errors';
import { logPageAction } from '../audit/service';
import * as lifecycleRepo from '../pages/lifecycle-repo';
import * as pagesRepo from '../pages/repo';
import { createPage } from '../pages/service';
import type { Page } from '../pages/table';
import { pagePermissions, type PermissionUser } from '../permissions/policy';
import { listLocales } from '../sites/repo';
import { pageLinkMap } from './links';
import * as repo from './repo';
import { applyTranslations, extractSegments, type Segment, type TranslatableFields } from './segments';
import type { TranslationSource } from './table';

export const digestOf = (text: string) => createHash('sha256').update(text).digest('hex');

/** The version translators work from: the live one when the page is live, else its latest draft. */
async function sourceFieldsOf(db: Db, page: Page): Promise<{ revisionId: number | null; fields: TranslatableFields }> {
  const revisionId = page.live ? page.live_revision_id : page.latest_revision_id;
  const revision = revisionId ? await pagesRepo.findRevision(db, revisionId) : undefined;
  const snap = revision?.content ?? page;
  return {
    revisionId: revision?.id ?? null,
    fields: {
      title: snap.title,
      seo_title: snap.seo_title,
      search_description: snap.search_description,
      content: snap.content,
    },
  };
}

/** Records (or refreshes) a page as a translation source: its segments and fields now. */
export async function captureSource(db: Db, page: Page): Promise<TranslationSource> {
  const { revisionId, fields } = await sourceFieldsOf(db, page);
  return repo.upsertSource(db, {
    page_id: page.id,
    locale_id: page.locale_id,
    revision_id: revisionId,
    segments: extractSegments(fields),
    fields,
  });
}

export type LocaleChoice = {
  id: number;
  languageCode: string;
  state: 'available' | 'translated' | 'no_parent' | 'forbidden';
  parentTitle?: string;
};

/** The translate screen's locales: every other locale, and whether this user may translate into it. */
export async function localeChoices(db: Db, user: PermissionUser, page: Page): Promise<LocaleChoice[]> {
  const permissions = await pagePermissions(db, user);
  const parent = await pagesRepo.findPageByPath(db, page.path.slice(0, -4));
  const out: LocaleChoice[] = [];
  for (const locale of await listLocales(db)) {
    if (locale.id === page.locale_id) continue;
    const choice = { id: locale.id, languageCode: locale.language_code };
    if (await repo.findPageInLocale(db, page.translation_key, locale.id)) {
      out.push({ ...choice, state: 'translated' });
      continue;
    }
    const target = parent ? await translatedParent(db, parent, locale.id) : undefined;
    if (!target) out.push({ ...choice, state: 'no_parent', parentTitle: parent?.title ?? '' });
    else out.push({ ...choice, state: permissions.can('add', target) ? 'available' : 'forbidden' });
  }
  return out;
}

/** The parent in the target locale: the tree root is shared by every locale. */
async function translatedParent(db: Db, parent: Page, localeId: number) {
  if (parent.depth === 1) return parent;
  return repo.findPageInLocale(db, parent.translation_key, localeId);
}

async function prefilled(db: Db, segments: Segment[], sourceLocaleId: number, targetLocaleId: number) {
  const digests = segments.map((segment) => digestOf(segment.source));
  const memory = await repo.findMemory(db, sourceLocaleId, targetLocaleId, [...new Set(digests)]);
  const byDigest = new Map(memory.map((row) => [row.source_digest, row.target_text]));
  const rows: Array<{ segment_id: string; source_text: string; target_text: string; status: 'translated' }> = [];
  segments.forEach((segment, index) => {
    const target = byDigest.get(digests[index]!);
    if (target !== undefined)
      rows.push({ segment_id: segment.id, source_text: segment.source, target_text: target, status: 'translated' });
  });
  return rows;
}

/**
 * Wagtail-localize's "Translate": for each target locale, a draft under the translated parent,
 * linked to the source by its translation key, with the source's structure and non-text content,
 * links mapped to translated pages, and its segments filled from translation memory (the rest keep
 * the source text until translated). With `subpages`, the descendants follow in tree order, each
 * under its own translated parent. Needs 'add' on every translated parent; all or nothing.
 */
export async function submitTranslation(
  db: Db,
  user: PermissionUser,
  pageId: number,
  options: { localeIds: number[]; subpages: boolean },
): Promise<Array<{ pageId: number; localeId: number }>> {
  if (!options.localeIds.length) {
    throw new HttpError(400, 'invalid_translation', 'Choose at least one locale.', {
      locales: ['Choose at least one locale.'],
    });
  }
  return inTransaction(db, async (trx) => {
    const top = await pagesRepo.findPageById(trx, pageId);
    if (!top || top.depth <= 1) throw notFound('The page does not exist.');
    const permissions = await pagePermissions(trx, user);
    const locales = new Map((await listLocales(trx)).map((locale) => [locale.id, locale]));
    const pages = options.subpages ? await lifecycleRepo.listSubtree(trx, top) : [top];
    const created: Array<{ pageId: number; localeId: number }> = [];
    for (const localeId of options.localeIds) {
      const locale = locales.get(localeId);
      if (!locale || localeId === top.locale_id) {
        throw new HttpError(400, 'invalid_translation', 'Choose a valid locale.', {
          locales: ['Choose a valid locale.'],
        });
      }
      for (const page of pages) {
        if (await repo.findPageInLocale(trx, page.translation_key, localeId)) {
          if (page.id === top.id)
            throw new HttpError(
              400,
              'already_translated',
              `'${page.title}' already has a ${locale.language_code} translation.`,
            );
          continue; // a subpage translated before keeps its translation
        }
        const parent = await pagesRepo.findPageByPath(trx, page.path.slice(0, -4));
        const target = parent ? await translatedParent(trx, parent, localeId) : undefined;
        if (!target) {
          throw new HttpError(
            400,
            'no_translated_parent',
            `'${parent?.title ?? ''}' has no ${locale.language_code} translation yet: translate it first.`,
          );
        }
        if (!permissions.can('add', target)) {
          throw new HttpError(
            403,
            'forbidden',
            `You may not add pages under '${target.title}' (${locale.language_code}).`,
          );
        }
        const made = await createTranslationPage(trx, page, localeId, target.id, user.id);
        created.push({ pageId: made.id, localeId });
      }
    }
    return created;
  });
}

async function createTranslationPage(trx: Db, page: Page, localeId: number, parentId: number, userId: number) {
  const source = await captureSource(trx, page);
  const rows = await prefilled(trx, source.segments, page.locale_id, localeId);
  const links = await pageLinkMap(trx, page, source.fields, localeId);
  const fields = applyTranslations(source.fields, new Map(rows.map((row) => [row.segment_id, row.target_text])), links);
  const slug = await freeSlug(trx, parentId, page.slug);
  const made = await createPage(trx, {
    parentId,
    pageType: page.page_type,
    title: fields.title,
    slug,
    seo_title: fields.seo_title,
    search_description: fields.search_description,
    content: fields.content,
    localeId,
    translationKey: page.translation_key,
    userId,
    deferRequired: true,
  });
  const translation = await repo.insertTranslation(trx, {
    source_id: source.id,
    page_id: made.id,
    locale_id: localeId,
    created_by_id: userId,
  });
  await repo.saveSegmentTranslations(trx, translation.id, rows);
  await logPageAction(trx, {
    pageId: made.id,
    userId,
    action: 'create',
    title: made.title,
    revisionId: made.latest_revision_id,
    data: { translation_of: { id: page.id, title: page.title } },
  });
  return made;
}

/** The source's slug, or the first free 'slug-2', 'slug-3'… under the translated parent. */
async function freeSlug(trx: Db, parentId: number, slug: string): Promise<string> {
  const parent = (await pagesRepo.findPageById(trx, parentId))!;
  for (let n = 1; n < 100; n++) {
    const candidate = n === 1 ? slug : `${slug}-${n}`;
    if (!(await pagesRepo.siblingSlugTaken(trx, parent, candidate))) return candidate;
  }
  throw new HttpError(400, 'invalid_translation', `No free slug for '${slug}' under '${parent.title}'.`);
}
