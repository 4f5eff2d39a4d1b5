import type { Db } from '../../db';
import { loadDraft } from '../pages/edit-service';
import * as pagesRepo from '../pages/repo';
import { findLocale } from './locales';
import * as repo from './repo';
import { extractSegments } from './segments';
import { captureSource } from './submit-service';
import { progressOf, segmentStates, type TranslationProgress } from './editor-service';

/**
 * After a source page is published: its translation source becomes the new live version, and every
 * translated segment whose source text changed is marked out of date in each translation (the old
 * source text stays on the row, so the editor shows old and new side by side). A page nobody
 * translated has no source and costs one lookup.
 */
export async function onSourcePublished(trx: Db, pageId: number): Promise<void> {
  const existing = await repo.findSourceByPage(trx, pageId);
  if (!existing) return;
  const page = await pagesRepo.findPageById(trx, pageId);
  if (!page) return;
  const source = await captureSource(trx, page);
  const before = new Map(existing.segments.map((segment) => [segment.id, segment.source]));
  for (const segment of source.segments) {
    const old = before.get(segment.id);
    if (old !== undefined && old !== segment.source)
      await repo.markOutOfDate(trx, source.id, segment.id, segment.source);
  }
}

export type TranslationSummary = {
  translationId: number;
  pageId: number;
  title: string;
  languageCode: string;
  live: boolean;
  progress: TranslationProgress;
  /** Translated segments whose source text the page's current draft changes: stale once it is published. */
  staleOnPublish: number;
};

/** The source's edit screen: its translations, their progress, and what publishing the draft would make stale. */
export async function translationsOfSource(db: Db, pageId: number): Promise<TranslationSummary[]> {
  const source = await repo.findSourceByPage(db, pageId);
  if (!source) return [];
  const translations = await repo.listTranslationsOfSource(db, source.id);
  if (!translations.length) return [];
  const rows = await repo.listSegmentTranslations(
    db,
    translations.map((t) => t.id),
  );
  const { draft } = await loadDraft(db, pageId);
  const draftText = new Map(extractSegments(draft).map((segment) => [segment.id, segment.source]));
  return translations.map((translation) => {
    const states = segmentStates(
      source,
      rows.filter((row) => row.translation_id === translation.id),
    );
    return {
      translationId: translation.id,
      pageId: translation.page_id,
      title: translation.title,
      languageCode: translation.language_code,
      live: translation.live,
      progress: progressOf(states),
      staleOnPublish: states.filter(
        (s) =>
          s.state === 'translated' && draftText.has(s.segment.id) && draftText.get(s.segment.id) !== s.segment.source,
      ).length,
    };
  });
}

/** The translated page's link back: which source and translation it belongs to, if any. */
export async function translationOfPage(db: Db, pageId: number) {
  const translation = await repo.findTranslationOfPage(db, pageId);
  if (!translation) return undefined;
  const source = await repo.findSource(db, translation.source_id);
  const sourcePage = source ? await pagesRepo.findPageById(db, source.page_id) : undefined;
  return {
    translationId: translation.id,
    sourcePage: sourcePage ? { id: sourcePage.id, title: sourcePage.title } : null,
    languageCode: (await findLocale(db, translation.locale_id))?.language_code ?? '',
  };
}
