/**
 * What the agency file formats (po-file.ts, xliff-file.ts) share: the segments written out, the
 * entries read back, and the refusal of a file with its line and reason. Pure: no database.
 */

export type ExchangeFormat = 'po' | 'xliff';

export type ExportSegment = {
  id: string;
  label: string;
  /** The source text in the editor's form (rich text: numbered placeholders <1>…</1>, <2/>). */
  source: string;
  /** The current translation ('' when to do). */
  target: string;
  state: 'to_do' | 'translated' | 'out_of_date';
  /** Out of date: the source text the current translation was made from. */
  oldSource?: string;
  /** What each placeholder stands for ("<1>…</1> link to /menu/"). */
  placeholderHints: string[];
};

export type ExportPage = { sourcePageId: number; title: string; segments: ExportSegment[] };

export type ExportInput = {
  sourceLanguage: string;
  targetLanguage: string;
  pages: ExportPage[];
  generatedAt: Date;
};

/** One translation read from a file: which segment of which source page, its source text and translation. */
export type ExchangeEntry = {
  line: number;
  sourcePageId: number;
  /** The segment id as the file writes it (XLIFF unit ids: see xliffUnitId). */
  key: string;
  source: string;
  /** The translation in the editor's form ('' when the file leaves it empty). */
  target: string;
  /** Marked as not final: a PO entry flagged fuzzy, an XLIFF segment in state 'initial' (or without a state). */
  needsReview: boolean;
};

export type ExchangeFile = {
  format: ExchangeFormat;
  sourceLanguage: string | null;
  targetLanguage: string;
  entries: ExchangeEntry[];
};

/** A file refused: each problem with its line (null: the file as a whole). Nothing is applied. */
export class TranslationFileError extends Error {
  constructor(readonly problems: Array<{ line: number | null; reason: string }>) {
    super(problems.map((p) => (p.line ? `Line ${p.line}: ${p.reason}` : p.reason)).join('\n'));
  }
}

export const refuse = (line: number | null, reason: string): never => {
  throw new TranslationFileError([{ line, reason }]);
};

/** Language tags compared as gettext and BCP 47 write them: 'fr_CA' and 'fr-ca' are 'fr-CA'. */
export const sameLanguage = (a: string, b: string) =>
  a.trim().replace(/_/g, '-').toLowerCase() === b.trim().replace(/_/g, '-').toLowerCase();

/**
 * An XLIFF unit id for a segment id. Unit ids are XML NMTOKENs, where '#' (the paragraph number
 * of a rich-text segment, `body.9c1e.html#2`) may not appear: it is written ':' (`body.9c1e.html:2`).
 * Reading maps the unit id back through the page's segments, never by reversing this.
 */
export const xliffUnitId = (segmentId: string) => segmentId.replace(/#/g, ':');

/** The file's bytes as text: UTF-8 only (a byte-order mark is dropped), no NUL characters. */
export function decodeFileText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refuse(null, 'The file is not UTF-8 text: save it as UTF-8 and upload it again.');
  }
  if (text.startsWith('\ufeff')) text = text.slice(1);
  const nul = text.indexOf('\u0000');
  if (nul >= 0) refuse(lineIndex(text)(nul), 'The file contains a NUL character: it is not a text file.');
  return text;
}

/** A function giving the 1-based line of a character offset (a binary search over the line starts). */
export function lineIndex(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
}

/** A file's format from its content: XML is XLIFF, anything else is read as PO. */
export const formatOf = (text: string): ExchangeFormat => (/^\s*</.test(text) ? 'xliff' : 'po');
