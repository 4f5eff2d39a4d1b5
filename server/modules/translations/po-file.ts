import { refuse, TranslationFileError, type ExchangeEntry, type ExchangeFile, type ExportInput } from './exchange-file';

/**
 * Gettext PO files for translation agencies. Each segment is one entry: msgctxt is the segment id
 * qualified by its source page (`12:body.7f3a.text`, since a file may hold a page and its
 * subpages), msgid the source text, msgstr the translation; rich text keeps the editor's numbered
 * placeholders (<1>…</1>, <2/>), explained in a comment. An out-of-date translation is written
 * with its old source as the previous msgid (#| msgid) and flagged fuzzy, as msgmerge does.
 *
 * The reader is strict (no gettext-parser in the dependencies; the format is small): every line is
 * a comment, a keyword with a quoted string, or a quoted continuation; plural forms, unknown
 * escapes and entries without msgctxt are refused with their line.
 */

const escapePo = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\t/g, '\\t').replace(/\r/g, '\\r').replace(/\n/g, '\\n');

/** A keyword and its string; text with line breaks is written one line per source line. */
function poString(keyword: string, text: string): string {
  if (!text.includes('\n') || text.indexOf('\n') === text.length - 1) return `${keyword} "${escapePo(text)}"`;
  const pieces = text.split(/(?<=\n)/);
  return [`${keyword} ""`, ...pieces.map((piece) => `"${escapePo(piece)}"`)].join('\n');
}

const comment = (prefix: string, text: string) =>
  text
    .split('\n')
    .map((line) => `${prefix} ${line}`)
    .join('\n');

export function writePo(input: ExportInput): string {
  const header = [
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: 8bit',
    `Language: ${input.targetLanguage}`,
    `X-Source-Language: ${input.sourceLanguage}`,
    `POT-Creation-Date: ${input.generatedAt.toISOString()}`,
  ];
  const out = [
    '# Translation of pages of the Harborline sites. Fill in each msgstr; keep msgctxt as it is.',
    '# Rich text: keep every numbered placeholder (<1>…</1>, <2/>) of the msgid, in any order that nests.',
    'msgid ""',
    'msgstr ""',
    ...header.map((line) => `"${escapePo(`${line}\n`)}"`),
  ];
  for (const page of input.pages) {
    for (const segment of page.segments) {
      const lines = [''];
      lines.push(comment('#.', `${page.title} › ${segment.label}`));
      for (const hint of segment.placeholderHints) lines.push(comment('#.', hint));
      lines.push(`#: page ${page.sourcePageId}`);
      if (segment.state === 'out_of_date') {
        lines.push('#, fuzzy');
        lines.push(comment('#|', poString('msgid', segment.oldSource ?? '')));
      }
      lines.push(poString('msgctxt', `${page.sourcePageId}:${segment.id}`));
      lines.push(poString('msgid', segment.source));
      lines.push(poString('msgstr', segment.target));
      out.push(...lines);
    }
  }
  return `${out.join('\n')}\n`;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', '"': '"' };

/** The text of a quoted PO string (the whole of `raw`), its escapes resolved. */
function unquote(raw: string, line: number): string {
  if (raw.length < 2 || !raw.startsWith('"') || !raw.endsWith('"'))
    refuse(line, 'A string must be in double quotes on one line.');
  let out = '';
  for (let i = 1; i < raw.length - 1; i++) {
    const c = raw[i]!;
    if (c === '"') refuse(line, 'A double quote inside a string must be written \\".');
    if (c !== '\\') {
      out += c;
      continue;
    }
    const next = raw[++i];
    if (next === undefined || i === raw.length - 1) refuse(line, 'The string ends with a lone backslash.');
    const resolved = ESCAPES[next!];
    if (resolved === undefined) refuse(line, `Unknown escape \\${next}: use \\n, \\t, \\r, \\\\ or \\".`);
    out += resolved;
  }
  return out;
}

type Keyword = 'msgctxt' | 'msgid' | 'msgstr';
type Draft = { line: number; fuzzy: boolean; values: Partial<Record<Keyword, string>>; last: Keyword | null };

const KEYWORD = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(.*)$/;
const CONTEXT = /^(\d{1,10}):(.+)$/s;

/** Reads a PO file strictly. Throws TranslationFileError with the line and reason of the first problem. */
export function readPo(text: string): ExchangeFile {
  const lines = text.split(/\r?\n/);
  const drafts: Draft[] = [];
  let current: Draft | null = null;
  let pendingFuzzy = false;
  const finish = () => {
    if (current) drafts.push(current);
    current = null;
  };
  lines.forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '') {
      finish();
      return;
    }
    if (trimmed.startsWith('#~')) return; // an obsolete entry
    if (trimmed.startsWith('#')) {
      if (current?.values.msgstr !== undefined) finish();
      if (trimmed.startsWith('#,') && /(^|,)\s*fuzzy\s*(,|$)/.test(trimmed.slice(2))) pendingFuzzy = true;
      return;
    }
    if (trimmed.startsWith('"')) {
      if (!current?.last) refuse(line, 'A string continues nothing: it must follow msgctxt, msgid or msgstr.');
      const draft = current!;
      draft.values[draft.last!] += unquote(trimmed, line);
      return;
    }
    const match = KEYWORD.exec(trimmed);
    if (!match)
      refuse(
        line,
        `Cannot read '${trimmed.slice(0, 40)}': expected msgctxt, msgid, msgstr, a quoted string or a comment.`,
      );
    const keyword = match![1]!;
    if (keyword === 'msgid_plural' || keyword.startsWith('msgstr['))
      refuse(line, 'Plural forms are not used in these files: each entry has one msgid and one msgstr.');
    const name = keyword as Keyword;
    // A new msgctxt or msgid after a complete entry starts the next entry.
    if (current?.values.msgstr !== undefined && name !== 'msgstr') finish();
    current ??= { line, fuzzy: false, values: {}, last: null };
    const draft: Draft = current;
    if (pendingFuzzy) draft.fuzzy = true;
    pendingFuzzy = false;
    if (draft.values[name] !== undefined) refuse(line, `This entry already has a ${name}.`);
    if (name === 'msgctxt' && draft.values.msgid !== undefined) refuse(line, 'msgctxt must come before msgid.');
    if (name === 'msgstr' && draft.values.msgid === undefined) refuse(line, 'msgstr must follow a msgid.');
    draft.values[name] = unquote(match![2]!.trim(), line);
    draft.last = name;
  });
  finish();
  return entriesOf(drafts);
}

function entriesOf(drafts: Draft[]): ExchangeFile {
  const first = drafts[0];
  if (!first || first.values.msgid !== '' || first.values.msgctxt !== undefined)
    refuse(first?.line ?? 1, 'The file has no header entry (msgid "" with the Language line): is it a PO file?');
  const headers = new Map<string, string>();
  for (const row of (first!.values.msgstr ?? '').split('\n')) {
    const colon = row.indexOf(':');
    if (colon > 0) headers.set(row.slice(0, colon).trim().toLowerCase(), row.slice(colon + 1).trim());
  }
  const contentType = headers.get('content-type');
  if (contentType && !/charset\s*=\s*utf-8/i.test(contentType))
    refuse(first!.line, `The header's Content-Type says '${contentType}': only UTF-8 files are read.`);
  const targetLanguage = headers.get('language');
  if (!targetLanguage) refuse(first!.line, 'The header has no Language line: the file does not say its language.');
  const problems: Array<{ line: number; reason: string }> = [];
  const entries: ExchangeEntry[] = [];
  for (const draft of drafts.slice(1)) {
    const { msgctxt, msgid, msgstr } = draft.values;
    if (msgid === undefined || msgstr === undefined) {
      problems.push({ line: draft.line, reason: 'The entry has no msgid or no msgstr.' });
      continue;
    }
    const context = msgctxt === undefined ? null : CONTEXT.exec(msgctxt);
    if (!context) {
      problems.push({
        line: draft.line,
        reason: 'The entry has no msgctxt of the form page:segment (keep the msgctxt lines as downloaded).',
      });
      continue;
    }
    entries.push({
      line: draft.line,
      sourcePageId: Number(context[1]),
      key: context[2]!,
      source: msgid,
      target: msgstr.trim(),
      needsReview: draft.fuzzy,
    });
  }
  if (problems.length) throw new TranslationFileError(problems);
  return {
    format: 'po',
    sourceLanguage: headers.get('x-source-language') ?? null,
    targetLanguage: targetLanguage!,
    entries,
  };
}
