import { randomBytes } from 'node:crypto';
import { inTransaction, type Db } from '../../db';
import { HttpError, notFound } from '../../errors';
import * as pagesRepo from '../pages/repo';
import type { Page } from '../pages/table';
import { forbidden, pagePermissions, type PermissionUser } from '../permissions/policy';
import { loadTranslationEditor, saveTranslationEdits, segmentStates, type EditorSegment } from './editor-service';
import {
  decodeFileText,
  formatOf,
  sameLanguage,
  TranslationFileError,
  xliffUnitId,
  type ExchangeFormat,
  type ExportPage,
} from './exchange-file';
import { findLocale } from './locales';
import { readPo, writePo } from './po-file';
import * as repo from './repo';
import { placeholderHints } from './rich-text-segments';
import { segmentProblem } from './segments';
import type { ImportChange, PageTranslation, TranslationSource } from './table';
import { readXliff, writeXliff } from './xliff-file';

/**
 * Files for translation agencies: download a translation's segments (and those of its source's
 * subpages translated into the same locale) as PO or XLIFF, upload the translated file, preview
 * per segment what changes, apply on confirmation. A file is checked as a whole: any problem
 * (syntax, another page's segment, an unknown segment, a changed source, broken placeholders, the
 * wrong language, a page the user may not change) refuses it with every line and reason, and the
 * confirmation applies all of it in one transaction or nothing.
 */

/** How long a preview stays confirmable. */
const PREVIEW_MINUTES = 60;
/** The most problems listed for a refused file (the rest are counted). */
const MAX_PROBLEMS = 50;

type FilePage = { translation: PageTranslation; source: TranslationSource; sourcePage: Page; page: Page };

async function translationOrThrow(db: Db, translationId: number): Promise<PageTranslation> {
  const translation = await repo.findTranslation(db, translationId);
  if (!translation) throw notFound('The translation does not exist.');
  return translation;
}

/** The translation's pages: its own, and with `subpages` those of the source's descendants in the same locale. */
async function pagesOfFile(db: Db, translation: PageTranslation, subpages: boolean): Promise<FilePage[]> {
  const top = (await repo.findSource(db, translation.source_id))!;
  const topPage = await pagesRepo.findPageById(db, top.page_id);
  if (!topPage) throw notFound('The translation does not exist.');
  const rows = subpages
    ? await repo.listTranslationsInSubtree(db, topPage.path, translation.locale_id)
    : [{ ...translation, source_page_id: top.page_id }];
  const out: FilePage[] = [];
  for (const row of rows) {
    const source = row.id === translation.id ? top : (await repo.findSource(db, row.source_id))!;
    const sourcePage = row.id === translation.id ? topPage : await pagesRepo.findPageById(db, row.source_page_id);
    const page = await pagesRepo.findPageById(db, row.page_id);
    if (source && sourcePage && page) out.push({ translation: row, source, sourcePage, page });
  }
  return out;
}

async function statesOf(db: Db, pages: FilePage[]): Promise<Map<number, EditorSegment[]>> {
  const rows = await repo.listSegmentTranslations(
    db,
    pages.map((p) => p.translation.id),
  );
  return new Map(
    pages.map((p) => [
      p.translation.id,
      segmentStates(
        p.source,
        rows.filter((row) => row.translation_id === p.translation.id),
      ),
    ]),
  );
}

export type FileScreen = {
  translationId: number;
  page: Page;
  sourcePage: Page;
  sourceLanguage: string;
  targetLanguage: string;
  /** Subpages of the source translated into the same locale (the "with subpages" choice). */
  subpageCount: number;
};

export async function loadFileScreen(db: Db, translationId: number): Promise<FileScreen> {
  const translation = await translationOrThrow(db, translationId);
  const pages = await pagesOfFile(db, translation, true);
  const own = pages.find((p) => p.translation.id === translation.id);
  if (!own) throw notFound('The translation does not exist.');
  return {
    translationId,
    page: own.page,
    sourcePage: own.sourcePage,
    sourceLanguage: (await findLocale(db, own.source.locale_id))?.language_code ?? '',
    targetLanguage: (await findLocale(db, translation.locale_id))?.language_code ?? '',
    subpageCount: pages.length - 1,
  };
}

/** The file to download: to-do and out-of-date segments (every segment with `all`), by page in tree order. */
export async function exportTranslationFile(
  db: Db,
  translationId: number,
  options: { format: ExchangeFormat; subpages: boolean; all: boolean },
): Promise<{ fileName: string; contentType: string; body: string }> {
  const screen = await loadFileScreen(db, translationId);
  const translation = await translationOrThrow(db, translationId);
  const pages = await pagesOfFile(db, translation, options.subpages);
  const states = await statesOf(db, pages);
  const exported: ExportPage[] = pages.map((p) => ({
    sourcePageId: p.sourcePage.id,
    title: p.sourcePage.title,
    segments: states
      .get(p.translation.id)!
      .filter((item) => options.all || item.state !== 'translated')
      .map((item) => ({
        id: item.segment.id,
        label: item.segment.label,
        source: item.segment.source,
        target: item.target,
        state: item.state,
        ...(item.oldSource !== undefined ? { oldSource: item.oldSource } : {}),
        placeholderHints: placeholderHints(item.segment.placeholders ?? []),
      })),
  }));
  const input = {
    sourceLanguage: screen.sourceLanguage,
    targetLanguage: screen.targetLanguage,
    pages: exported,
    generatedAt: new Date(),
  };
  const base = `${screen.sourcePage.slug}-${screen.targetLanguage}`;
  return options.format === 'po'
    ? { fileName: `${base}.po`, contentType: 'text/x-gettext-translation; charset=utf-8', body: writePo(input) }
    : { fileName: `${base}.xlf`, contentType: 'application/xliff+xml; charset=utf-8', body: writeXliff(input) };
}

export type ImportPreview = {
  token: string;
  fileName: string;
  format: ExchangeFormat;
  changes: ImportChange[];
  /** Entries that change nothing (empty, the same translation, or still marked for review). */
  unchanged: number;
};

/** Reads and checks an uploaded file against the translation and its subpages; keeps the changes for confirmation. */
export async function previewTranslationFile(
  db: Db,
  user: PermissionUser,
  translationId: number,
  file: { name: string; bytes: Uint8Array },
): Promise<ImportPreview> {
  const text = decodeFileText(file.bytes);
  const format = formatOf(text);
  const parsed = format === 'xliff' ? readXliff(text) : readPo(text);
  const translation = await translationOrThrow(db, translationId);
  const screen = await loadFileScreen(db, translationId);
  if (!sameLanguage(parsed.targetLanguage, screen.targetLanguage))
    throw new TranslationFileError([
      {
        line: null,
        reason: `The file is a translation into '${parsed.targetLanguage}', not into ${screen.targetLanguage}.`,
      },
    ]);
  if (parsed.sourceLanguage !== null && !sameLanguage(parsed.sourceLanguage, screen.sourceLanguage))
    throw new TranslationFileError([
      { line: null, reason: `The file translates from '${parsed.sourceLanguage}', not from ${screen.sourceLanguage}.` },
    ]);
  if (!parsed.entries.length) throw new TranslationFileError([{ line: null, reason: 'The file has no segments.' }]);

  const pages = await pagesOfFile(db, translation, true);
  const states = await statesOf(db, pages);
  const permissions = await pagePermissions(db, user);
  const byPage = new Map(pages.map((p) => [p.sourcePage.id, p]));
  const keyOf = (id: string) => (format === 'xliff' ? xliffUnitId(id) : id);
  const segmentsByPage = new Map(
    pages.map((p) => [
      p.sourcePage.id,
      new Map(states.get(p.translation.id)!.map((item) => [keyOf(item.segment.id), item])),
    ]),
  );
  const problems: Array<{ line: number; reason: string }> = [];
  const changes: ImportChange[] = [];
  const seen = new Set<string>();
  let unchanged = 0;
  for (const entry of parsed.entries) {
    const problem = (reason: string) => problems.push({ line: entry.line, reason });
    const filePage = byPage.get(entry.sourcePageId);
    if (!filePage) {
      problem(
        `A segment of page ${entry.sourcePageId}, which is not '${screen.sourcePage.title}' or one of its subpages translated into ${screen.targetLanguage}: the file belongs to another page.`,
      );
      continue;
    }
    const item = segmentsByPage.get(entry.sourcePageId)!.get(entry.key);
    if (!item) {
      problem(`Unknown segment '${entry.key}' of '${filePage.sourcePage.title}' (removed from the source since?).`);
      continue;
    }
    if (seen.has(`${entry.sourcePageId}:${entry.key}`)) {
      problem(`The segment '${entry.key}' appears twice in the file.`);
      continue;
    }
    seen.add(`${entry.sourcePageId}:${entry.key}`);
    if (!permissions.can('change', filePage.page)) {
      problem(`You may not change '${filePage.page.title}'.`);
      continue;
    }
    if (entry.source !== item.segment.source) {
      problem(
        `The source text is not the page's ('${item.segment.source.slice(0, 60)}'): the source changed since the file was made; download it again.`,
      );
      continue;
    }
    if (entry.target === '') {
      unchanged++;
      continue;
    }
    const refusal = segmentProblem(item.segment, entry.target);
    if (refusal) {
      problem(refusal);
      continue;
    }
    const base = {
      translationId: filePage.translation.id,
      pageId: filePage.page.id,
      pageTitle: filePage.page.title,
      sourcePageId: filePage.sourcePage.id,
      segmentId: item.segment.id,
      label: item.segment.label,
      line: entry.line,
      source: item.segment.source,
      before: item.state === 'to_do' ? null : item.target,
      after: entry.target,
    };
    if (entry.target !== item.target || item.state === 'to_do')
      changes.push({ ...base, kind: item.state === 'to_do' ? 'new' : 'changed' });
    else if (item.state === 'out_of_date' && !entry.needsReview) changes.push({ ...base, kind: 'confirmed' });
    else unchanged++;
  }
  if (problems.length) {
    const shown = problems.sort((a, b) => a.line - b.line).slice(0, MAX_PROBLEMS);
    if (problems.length > MAX_PROBLEMS)
      shown.push({ line: 0, reason: `…and ${problems.length - MAX_PROBLEMS} more problems.` });
    throw new TranslationFileError(shown.map((p) => ({ line: p.line || null, reason: p.reason })));
  }
  const token = randomBytes(24).toString('base64url');
  await repo.deleteImportsBefore(db, new Date(Date.now() - PREVIEW_MINUTES * 60_000));
  await repo.insertImport(db, {
    token,
    user_id: user.id,
    translation_id: translationId,
    file_name: file.name,
    changes,
  });
  return { token, fileName: file.name, format, changes, unchanged };
}

/**
 * Applies a previewed file in one transaction: each translation's segments are saved as the editor
 * saves them (placeholders checked, translation memory, a new draft revision of the page). A
 * segment whose source or translation changed since the preview refuses the whole file.
 */
export async function applyTranslationFile(
  db: Db,
  user: PermissionUser,
  translationId: number,
  token: string,
): Promise<{ fileName: string; segments: number; pages: number }> {
  return inTransaction(db, async (trx) => {
    const since = new Date(Date.now() - PREVIEW_MINUTES * 60_000);
    const stored = await repo.takeImport(trx, token, user.id, translationId, since);
    if (!stored)
      throw new HttpError(
        400,
        'import_expired',
        'This preview has expired or was applied already: upload the file again.',
      );
    const permissions = await pagePermissions(trx, user);
    const byTranslation = new Map<number, ImportChange[]>();
    for (const change of stored.changes)
      byTranslation.set(change.translationId, [...(byTranslation.get(change.translationId) ?? []), change]);
    for (const [id, changes] of byTranslation) {
      const editor = await loadTranslationEditor(trx, id);
      if (!permissions.can('change', editor.page)) throw forbidden(`You may not change '${editor.page.title}'.`);
      const current = new Map(editor.segments.map((item) => [item.segment.id, item]));
      for (const change of changes) {
        const item = current.get(change.segmentId);
        const before = item && item.state !== 'to_do' ? item.target : null;
        if (!item || item.segment.source !== change.source || before !== change.before)
          throw new HttpError(
            409,
            'import_stale',
            `'${change.label}' of '${change.pageTitle}' changed since the preview: nothing was applied. Upload the file again.`,
          );
      }
      await saveTranslationEdits(trx, id, user.id, {
        values: new Map(changes.map((change) => [change.segmentId, change.after])),
        confirmed: new Set(changes.filter((c) => c.kind === 'confirmed').map((c) => c.segmentId)),
        publish: false,
      });
    }
    return { fileName: stored.file_name, segments: stored.changes.length, pages: byTranslation.size };
  });
}
