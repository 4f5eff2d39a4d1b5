import { inTransaction, type Db } from '../../db';
import { HttpError, notFound } from '../../errors';
import { loadDraft, saveRevision } from '../pages/edit-service';
import * as pagesRepo from '../pages/repo';
import type { Page } from '../pages/table';
import { findLocale } from './locales';
import { pageLinkMap } from './links';
import * as repo from './repo';
import { applyTranslations, segmentProblem, type Segment } from './segments';
import { digestOf } from './submit-service';
import type { PageTranslation, SegmentTranslation, TranslationSource } from './table';

export type SegmentState = 'to_do' | 'translated' | 'out_of_date';

export type EditorSegment = {
  segment: Segment;
  target: string;
  state: SegmentState;
  /** Out of date: the source text the translation was made from. */
  oldSource?: string;
};

export type TranslationProgress = { translated: number; outOfDate: number; total: number };

export type TranslationEditor = {
  translation: PageTranslation;
  page: Page;
  source: { page: Page; languageCode: string };
  languageCode: string;
  segments: EditorSegment[];
  progress: TranslationProgress;
};

/** Each source segment with its translation and state (a segment without a row is to do). */
export function segmentStates(
  source: Pick<TranslationSource, 'segments'>,
  rows: SegmentTranslation[],
): EditorSegment[] {
  const byId = new Map(rows.map((row) => [row.segment_id, row]));
  return source.segments.map((segment) => {
    const row = byId.get(segment.id);
    if (!row) return { segment, target: '', state: 'to_do' };
    const stale = row.status === 'out_of_date' || row.source_text !== segment.source;
    return stale
      ? { segment, target: row.target_text, state: 'out_of_date', oldSource: row.source_text }
      : { segment, target: row.target_text, state: 'translated' };
  });
}

export function progressOf(segments: EditorSegment[]): TranslationProgress {
  return {
    translated: segments.filter((s) => s.state === 'translated').length,
    outOfDate: segments.filter((s) => s.state === 'out_of_date').length,
    total: segments.length,
  };
}

export async function loadTranslationEditor(db: Db, translationId: number): Promise<TranslationEditor> {
  const translation = await repo.findTranslation(db, translationId);
  if (!translation) throw notFound('The translation does not exist.');
  const source = (await repo.findSource(db, translation.source_id))!;
  const page = await pagesRepo.findPageById(db, translation.page_id);
  const sourcePage = await pagesRepo.findPageById(db, source.page_id);
  if (!page || !sourcePage) throw notFound('The translation does not exist.');
  const segments = segmentStates(source, await repo.listSegmentTranslations(db, [translation.id]));
  return {
    translation,
    page,
    source: { page: sourcePage, languageCode: (await findLocale(db, source.locale_id))?.language_code ?? '' },
    languageCode: (await findLocale(db, translation.locale_id))?.language_code ?? '',
    segments,
    progress: progressOf(segments),
  };
}

export type TranslationEdits = {
  /** Segment id -> the translation as typed ('' leaves the segment to do). */
  values: ReadonlyMap<string, string>;
  /** Out-of-date segments whose translation the translator confirmed as still right. */
  confirmed: ReadonlySet<string>;
  publish: boolean;
  baseRevisionId?: number | null;
};

/**
 * Saves a translator's work: each segment's translation (checked: placeholders balanced), the
 * translation memory, and a new revision of the translated page built from the source's current
 * structure with the translations put in (so blocks added or removed in the source come across).
 * Publishing goes through the page's normal publish path. Nothing is saved when a segment is refused.
 */
export async function saveTranslationEdits(
  db: Db,
  translationId: number,
  userId: number,
  edits: TranslationEdits,
): Promise<Page> {
  return inTransaction(db, async (trx) => {
    const editor = await loadTranslationEditor(trx, translationId);
    const errors: Record<string, string[]> = {};
    const keep: Array<{
      segment_id: string;
      source_text: string;
      target_text: string;
      status: 'translated' | 'out_of_date';
    }> = [];
    const cleared: string[] = [];
    for (const item of editor.segments) {
      const id = item.segment.id;
      const typed = edits.values.get(id);
      const value = typed === undefined ? item.target : typed.trim();
      if (value === '') {
        if (item.state !== 'to_do') cleared.push(id);
        continue;
      }
      const problem = segmentProblem(item.segment, value);
      if (problem) {
        errors[id] = [problem];
        continue;
      }
      const stillStale = item.state === 'out_of_date' && value === item.target && !edits.confirmed.has(id);
      keep.push(
        stillStale
          ? {
              segment_id: id,
              source_text: item.oldSource ?? item.segment.source,
              target_text: value,
              status: 'out_of_date',
            }
          : { segment_id: id, source_text: item.segment.source, target_text: value, status: 'translated' },
      );
    }
    if (Object.keys(errors).length) {
      throw new HttpError(400, 'invalid_translation', 'The translation could not be saved because of errors.', errors);
    }
    await repo.saveSegmentTranslations(trx, translationId, keep);
    await repo.deleteSegmentTranslations(trx, translationId, cleared);
    const source = (await repo.findSource(trx, editor.translation.source_id))!;
    await repo.rememberTranslations(
      trx,
      keep
        .filter((row) => row.status === 'translated')
        .map((row) => ({
          source_locale_id: source.locale_id,
          target_locale_id: editor.translation.locale_id,
          source_digest: digestOf(row.source_text),
          source_text: row.source_text,
          target_text: row.target_text,
        })),
    );
    // Out-of-date translations still stand in for their segment until someone updates them.
    const translations = new Map(keep.map((row) => [row.segment_id, row.target_text]));
    const links = await pageLinkMap(trx, editor.source.page, source.fields, editor.translation.locale_id);
    const fields = applyTranslations(source.fields, translations, links);
    const { draft } = await loadDraft(trx, editor.page.id);
    return saveRevision(
      trx,
      editor.page.id,
      userId,
      {
        title: fields.title,
        slug: draft.slug,
        seo_title: fields.seo_title,
        search_description: fields.search_description,
      },
      { publish: edits.publish, content: fields.content, baseRevisionId: edits.baseRevisionId },
    );
  });
}
