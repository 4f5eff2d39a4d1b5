import { inTransaction, type Db } from '../../db';
import { HttpError, notFound } from '../../errors';
import { logModelAction } from '../audit/model-log';
import { latestRevision, recordRevision } from '../revisions/service';
import { listLocales } from '../sites/repo';
import { publishChrome, snippetsChanged, touchChrome, type ChromeListing } from '../snippets/service';
import {
  progressOf,
  segmentStates,
  type EditorSegment,
  type TranslationEdits,
  type TranslationProgress,
} from './editor-service';
import { translatedAddresses } from './links';
import * as repo from './repo';
import { SNIPPET_TABLES, siteTreeOf, snippetRow, snippetTitle } from './snippet-access';
import { checkedSnippetContent } from './snippet-content';
import * as snippetRepo from './snippet-repo';
import {
  SNIPPET_MODELS,
  applySnippetTranslations,
  extractSnippetSegments,
  snippetPaths,
  snippetSegmentProblem,
  type SnippetModel,
  type SnippetSegment,
} from './snippet-segments';
import { digestOf } from './submit-service';
import type { SnippetTranslation } from './table';

export type SnippetTranslationEditor = {
  translation: SnippetTranslation;
  model: SnippetModel;
  source: ChromeListing;
  target: ChromeListing;
  segments: Array<EditorSegment & { segment: SnippetSegment; suggestion?: string }>;
  progress: TranslationProgress;
  /** The target's newest revision when the editor was read (the stale-form check). */
  latestRevisionId: number | null;
};

/**
 * The side-by-side editor of a snippet translation. The source is the snippet's published
 * content, so a translation falls out of date exactly when the source is published with other
 * text (a draft of the source changes nothing). To-do segments whose text the translation memory
 * knows (from pages or snippets) carry it as a suggestion.
 */
export async function loadSnippetTranslationEditor(
  db: Db,
  translationId: number,
  options: { lock?: boolean } = {},
): Promise<SnippetTranslationEditor> {
  const translation = await snippetRepo.findSnippetTranslation(db, translationId);
  const model = SNIPPET_MODELS.find((m) => m === translation?.model);
  if (!translation || !model) throw notFound('The translation does not exist.');
  const gone = () => notFound('The translation does not exist: its snippet was deleted.');
  const source = await snippetRow(db, model, translation.source_id).catch(() => {
    throw gone();
  });
  const target = await snippetRow(db, model, translation.snippet_id, options.lock).catch(() => {
    throw gone();
  });
  const segments = extractSnippetSegments(model, source.content);
  const bySegment = new Map(segments.map((segment) => [segment.id, segment]));
  const states = segmentStates({ segments }, await snippetRepo.listSnippetSegmentTranslations(db, translation.id)).map(
    (state) => ({ ...state, segment: bySegment.get(state.segment.id)! }),
  );
  const todo = states.filter((state) => state.state === 'to_do');
  const memory = await repo.findMemory(db, translation.source_locale_id, translation.locale_id, [
    ...new Set(todo.map((state) => digestOf(state.segment.source))),
  ]);
  const known = new Map(memory.map((row) => [row.source_digest, row.target_text]));
  const withSuggestions = states.map((state) => {
    const suggestion = state.state === 'to_do' ? known.get(digestOf(state.segment.source)) : undefined;
    return suggestion === undefined ? state : { ...state, suggestion };
  });
  const revision = await latestRevision(db, model, target.id);
  return {
    translation,
    model,
    source,
    target,
    segments: withSuggestions,
    progress: progressOf(states),
    latestRevisionId: revision?.id ?? null,
  };
}

type SegmentRow = {
  segment_id: string;
  source_text: string;
  target_text: string;
  status: 'translated' | 'out_of_date';
};

/** Each segment as typed: the rows to keep, the segments emptied, and the refusals by segment id. */
function readEdits(editor: SnippetTranslationEditor, edits: TranslationEdits) {
  const errors: Record<string, string[]> = {};
  const keep: SegmentRow[] = [];
  const cleared: string[] = [];
  for (const item of editor.segments) {
    const id = item.segment.id;
    const typed = edits.values.get(id);
    const value = typed === undefined ? item.target : typed.trim();
    if (value === '') {
      if (item.state !== 'to_do') cleared.push(id);
      continue;
    }
    const problem = snippetSegmentProblem(item.segment, value);
    if (problem) {
      errors[id] = [problem];
      continue;
    }
    const stillStale = item.state === 'out_of_date' && value === item.target && !edits.confirmed.has(id);
    keep.push({
      segment_id: id,
      source_text: stillStale ? (item.oldSource ?? item.segment.source) : item.segment.source,
      target_text: value,
      status: stillStale ? 'out_of_date' : 'translated',
    });
  }
  return { errors, keep, cleared };
}

/**
 * Saves a translator's work on a snippet: the segments (nothing is saved when one is refused), the
 * translation memory, and a new revision of the translated snippet rebuilt from the source's
 * current structure with the translations put in, as a draft or published, with its history entry,
 * as the snippet's own editor saves it.
 */
export async function saveSnippetTranslationEdits(
  db: Db,
  translationId: number,
  userId: number,
  edits: TranslationEdits,
): Promise<ChromeListing> {
  const saved = await inTransaction(db, async (trx) => {
    const editor = await loadSnippetTranslationEditor(trx, translationId, { lock: true });
    const { model, source, target, translation } = editor;
    if (edits.baseRevisionId !== undefined && edits.baseRevisionId !== editor.latestRevisionId) {
      throw new HttpError(
        409,
        'stale_form',
        `The ${snippetTitle(model, target)} was changed after you opened this form. Your input is kept below: check it and save again.`,
      );
    }
    const { errors, keep, cleared } = readEdits(editor, edits);
    if (Object.keys(errors).length)
      throw new HttpError(400, 'invalid_translation', 'The translation could not be saved because of errors.', errors);
    await snippetRepo.saveSnippetSegmentTranslations(trx, translation.id, keep);
    await snippetRepo.deleteSnippetSegmentTranslations(trx, translation.id, cleared);
    await repo.rememberTranslations(
      trx,
      keep
        .filter((row) => row.status === 'translated')
        .map((row) => ({
          source_locale_id: translation.source_locale_id,
          target_locale_id: translation.locale_id,
          source_digest: digestOf(row.source_text),
          source_text: row.source_text,
          target_text: row.target_text,
        })),
    );
    const tree = await siteTreeOf(trx, source.site_id);
    const urls = tree
      ? await translatedAddresses(trx, tree, snippetPaths(model, source.content), translation.locale_id)
      : new Map<string, string>();
    const content = applySnippetTranslations(
      model,
      source.content,
      new Map(keep.map((row) => [row.segment_id, row.target_text])),
      urls,
    );
    const input = {
      siteId: target.site_id,
      languageCode: target.language_code,
      content: checkedSnippetContent(model, content),
    };
    const revision = await recordRevision(trx, {
      model,
      objectId: target.id,
      objectStr: snippetTitle(model, target),
      content: input,
      userId,
    });
    const table = SNIPPET_TABLES[model];
    const row = edits.publish
      ? await publishChrome(table)(trx, target, input as never)
      : await touchChrome(table)(trx, target);
    await logModelAction(trx, {
      model,
      objectId: target.id,
      objectStr: snippetTitle(model, row),
      userId,
      action: edits.publish ? 'publish' : 'edit',
      data: edits.publish ? { translation_of: source.id } : { draft: true, translation_of: source.id },
      revisionId: revision.id,
    });
    return row;
  });
  await snippetsChanged(db);
  return saved;
}

export type SnippetTranslationSummary = {
  translationId: number;
  languageCode: string;
  progress: TranslationProgress;
};

/** The translate screen's list: the source's translations and their progress. */
export async function snippetTranslationSummaries(
  db: Db,
  links: SnippetTranslation[],
  sourceId: number,
): Promise<SnippetTranslationSummary[]> {
  const locales = await listLocales(db);
  const out: SnippetTranslationSummary[] = [];
  for (const link of links.filter((l) => l.source_id === sourceId)) {
    const editor = await loadSnippetTranslationEditor(db, link.id);
    out.push({
      translationId: link.id,
      languageCode: locales.find((l) => l.id === link.locale_id)?.language_code ?? '',
      progress: editor.progress,
    });
  }
  return out;
}
