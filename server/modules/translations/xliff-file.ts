import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  lineIndex,
  refuse,
  TranslationFileError,
  xliffUnitId,
  type ExchangeEntry,
  type ExchangeFile,
  type ExportInput,
} from './exchange-file';

/**
 * XLIFF 2.1 files for translation agencies (namespace urn:oasis:names:tc:xliff:document:2.0,
 * version="2.1"): one <file id="page-12"> per source page, one <unit id> per segment (the segment
 * id, '#' written ':' since unit ids are NMTOKENs) with one <segment><source><target>. The editor's
 * numbered placeholders become inline codes: <1>…</1> is <pc id="1">…</pc> and <2/> is
 * <ph id="2"/>, with what they stand for in dispStart/disp, so CAT tools protect them. An
 * out-of-date translation is written as the target with state="initial" and a note with the old
 * source; others carry state="translated" or none.
 *
 * Reading uses fast-xml-parser (well-formedness with line numbers, then an ordered tree with each
 * element's offset); a DOCTYPE is refused outright, so no entity is ever expanded.
 */

const XLIFF_NS = 'urn:oasis:names:tc:xliff:document:2.0';
const PLACEHOLDER = /<(\/?)(\d+)(\/?)>/g;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Editor text (with numbered placeholders) as XLIFF inline content. */
function inlineXml(text: string, hints: string[]): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    out += escapeXml(text.slice(last, match.index));
    last = match.index + match[0].length;
    const [, closing, n, selfClosing] = match;
    const hint = hints[Number(n) - 1]?.replace(/^<[^>]*>(…<\/\d+>)?\s*/, '') ?? '';
    if (selfClosing) out += `<ph id="${n}" disp="${escapeXml(hint)}"/>`;
    else if (closing) out += '</pc>';
    else out += `<pc id="${n}" dispStart="${escapeXml(hint)}">`;
  }
  return out + escapeXml(text.slice(last));
}

export function writeXliff(input: ExportInput): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<xliff xmlns="${XLIFF_NS}" version="2.1" srcLang="${escapeXml(input.sourceLanguage)}" trgLang="${escapeXml(input.targetLanguage)}">`,
  ];
  for (const page of input.pages) {
    out.push(`  <file id="page-${page.sourcePageId}" original="${escapeXml(page.title)}">`);
    for (const segment of page.segments) {
      out.push(`    <unit id="${escapeXml(xliffUnitId(segment.id))}" name="${escapeXml(segment.label)}">`);
      if (segment.state === 'out_of_date')
        out.push(`      <notes><note category="previous-source">${escapeXml(segment.oldSource ?? '')}</note></notes>`);
      const state = segment.state === 'out_of_date' ? ' state="initial"' : segment.target ? ' state="translated"' : '';
      out.push(`      <segment${state}>`);
      out.push(`        <source>${inlineXml(segment.source, segment.placeholderHints)}</source>`);
      out.push(`        <target>${inlineXml(segment.target, segment.placeholderHints)}</target>`);
      out.push('      </segment>', '    </unit>');
    }
    out.push('  </file>');
  }
  out.push('</xliff>');
  return `${out.join('\n')}\n`;
}

type XmlNode = Record<string, unknown>;
const META = XMLParser.getMetaDataSymbol() as unknown as string;

const nameOf = (node: XmlNode) => Object.keys(node).find((key) => key !== ':@');
const childrenOf = (node: XmlNode) => (node[nameOf(node) ?? ''] as XmlNode[] | undefined) ?? [];
const attrsOf = (node: XmlNode) => (node[':@'] as Record<string, string> | undefined) ?? {};
const elements = (nodes: XmlNode[]) => nodes.filter((node) => nameOf(node) !== '#text');
const isBlank = (node: XmlNode) => nameOf(node) === '#text' && String(node['#text']).trim() === '';

/** Reads an XLIFF 2.x file strictly. Throws TranslationFileError with the line and reason of each problem. */
export function readXliff(text: string): ExchangeFile {
  if (/<!DOCTYPE/i.test(text)) refuse(null, 'The file has a DOCTYPE: XLIFF files have none (it is not read).');
  const valid = XMLValidator.validate(text);
  if (valid !== true) refuse(valid.err.line, `The XML is not well formed: ${valid.err.msg}`);
  const lineOf = lineIndex(text);
  const line = (node: XmlNode) => {
    const meta = node[META] as { startIndex?: number } | undefined;
    return meta?.startIndex === undefined ? null : lineOf(meta.startIndex);
  };
  const tree = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    captureMetaData: true,
    trimValues: false,
    parseTagValue: false,
    parseAttributeValue: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    commentPropName: false,
  }).parse(text) as XmlNode[];
  const roots = elements(tree);
  const root = roots[0];
  if (roots.length !== 1 || !root || nameOf(root) !== 'xliff') refuse(null, 'The root element must be <xliff>.');
  const rootAttrs = attrsOf(root!);
  if (rootAttrs.xmlns !== XLIFF_NS)
    refuse(line(root!), `The <xliff> element must be in the namespace ${XLIFF_NS} (XLIFF 2).`);
  if (rootAttrs.version !== '2.1' && rootAttrs.version !== '2.0')
    refuse(line(root!), `XLIFF version '${rootAttrs.version ?? ''}' is not read: the file must be XLIFF 2.1 (or 2.0).`);
  if (!rootAttrs.trgLang)
    refuse(line(root!), 'The <xliff> element has no trgLang: the file does not say its language.');

  const problems: Array<{ line: number | null; reason: string }> = [];
  const entries: ExchangeEntry[] = [];
  for (const file of elements(childrenOf(root!))) {
    const fileId = /^page-(\d{1,10})$/.exec(attrsOf(file).id ?? '');
    if (nameOf(file) !== 'file' || !fileId) {
      problems.push({
        line: line(file),
        reason: 'Expected <file id="page-…"> (keep the file elements as downloaded).',
      });
      continue;
    }
    for (const unit of elements(childrenOf(file))) {
      const name = nameOf(unit);
      if (name === 'notes' || name === 'skeleton') continue;
      try {
        if (name !== 'unit' || !attrsOf(unit).id) refuse(line(unit), 'Expected <unit id="…">.');
        entries.push({ ...readUnit(unit, line), sourcePageId: Number(fileId[1]), key: attrsOf(unit).id! });
      } catch (error) {
        if (!(error instanceof TranslationFileError)) throw error;
        problems.push(...error.problems);
      }
    }
  }
  if (problems.length) throw new TranslationFileError(problems);
  return { format: 'xliff', sourceLanguage: rootAttrs.srcLang ?? null, targetLanguage: rootAttrs.trgLang!, entries };
}

type LineOf = (node: XmlNode) => number | null;

/** A unit's source and target: its segments (and ignorables) joined in order, as the standard reads them. */
function readUnit(unit: XmlNode, line: LineOf): Omit<ExchangeEntry, 'sourcePageId' | 'key'> {
  let source = '';
  let target = '';
  let needsReview = false;
  let count = 0;
  for (const part of elements(childrenOf(unit))) {
    const name = nameOf(part);
    if (name === 'notes' || name === 'originalData') continue;
    if (name !== 'segment' && name !== 'ignorable') refuse(line(part), `<${name}> is not expected in a <unit>.`);
    count++;
    if (name === 'segment') {
      const state = attrsOf(part).state;
      if (state !== undefined && !['initial', 'translated', 'reviewed', 'final'].includes(state))
        refuse(line(part), `Unknown segment state '${state}'.`);
      if (state === undefined || state === 'initial') needsReview = true;
    }
    const children = childrenOf(part).filter((node) => !isBlank(node));
    const sourceNode = children.find((node) => nameOf(node) === 'source');
    if (!sourceNode) refuse(line(part), `The <${name}> has no <source>.`);
    const other = children.find((node) => !['source', 'target'].includes(nameOf(node) ?? ''));
    if (other) refuse(line(other) ?? line(part), `<${nameOf(other)}> is not expected in a <${name}>.`);
    source += inlineText(childrenOf(sourceNode!), line, line(sourceNode!));
    const targetNode = children.find((node) => nameOf(node) === 'target');
    if (targetNode) target += inlineText(childrenOf(targetNode), line, line(targetNode));
  }
  if (!count) refuse(line(unit), 'The <unit> has no <segment>.');
  return { line: line(unit) ?? 0, source, target: target.trim(), needsReview };
}

/** Inline content back in the editor's form: <pc id="n">…</pc> is <n>…</n>, <ph id="n"/> is <n/>. */
function inlineText(nodes: XmlNode[], line: LineOf, at: number | null): string {
  let out = '';
  for (const node of nodes) {
    const name = nameOf(node);
    if (name === '#text') {
      const text = String(node['#text']);
      // Text that reads as a placeholder would pass for one: codes must be <pc>/<ph> elements.
      if (/<\/?\d+\/?>/.test(text))
        refuse(at, 'Write placeholders as <pc id="n">…</pc> or <ph id="n"/>, not as text like <1>.');
      out += text;
      continue;
    }
    if (name !== 'ph' && name !== 'pc')
      refuse(line(node) ?? at, `<${name}> is not read here: use <pc> and <ph> for the source's codes.`);
    const id = attrsOf(node).id ?? '';
    if (!/^\d{1,4}$/.test(id)) refuse(line(node) ?? at, `<${name}> needs the numeric id of a source placeholder.`);
    if (name === 'ph') {
      if (elements(childrenOf(node)).length || childrenOf(node).some((n) => !isBlank(n)))
        refuse(line(node) ?? at, '<ph> is empty: it stands for a line break or a tag.');
      out += `<${id}/>`;
    } else out += `<${id}>${inlineText(childrenOf(node), line, line(node) ?? at)}</${id}>`;
  }
  return out;
}
