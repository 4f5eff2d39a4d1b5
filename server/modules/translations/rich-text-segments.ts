/**
 * Rich text, cut into the pieces a translator works on. Stored rich text is sanitised HTML
 * (shared/rich-text/sanitize.ts: a short list of tags, attributes in double quotes), so a small
 * tokenizer is enough. Every run of inline content between block tags (a paragraph, a heading, a
 * list item) is one segment; its inline tags become numbered placeholders, as wagtail-localize
 * does, so the translator moves a link or a bold word without touching its HTML:
 *
 *   <p>Order <strong>now</strong> at <a href="/menu/">our menu</a>.<br>Thanks</p>
 *   -> "Order <1>now</1> at <2>our menu</2>.<3/>Thanks"
 *
 * Rebuilding puts the original tags back (links mapped to the translated pages) around the
 * translated text, escaped, so a translation can never add markup or break the HTML.
 */

const INLINE_TAGS = new Set(['strong', 'b', 'em', 'i', 'u', 's', 'sup', 'sub', 'a', 'span', 'br']);
const VOID_TAGS = new Set(['br', 'hr']);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>/g;

/** What a placeholder stands for: a pair of tags, or one void tag (`<3/>`). */
export type Placeholder = { open: string; close: string | null };

/** One piece of the rebuilt HTML: markup kept as it is, or a translatable run. */
type Part = { kind: 'markup'; html: string } | { kind: 'run'; html: string; text: string; placeholders: Placeholder[] };

export type RichTextUnit = { text: string; placeholders: Placeholder[] };

/** Rewrites an internal link's tag for the translated page (data-page-id and href); others unchanged. */
export type LinkRewriter = (openTag: string) => string;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(html: string): string {
  return html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

export function escapeText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\u00a0/g, '&nbsp;');
}

const hasWords = (text: string) => /[\p{L}\p{N}]/u.test(text);

/** Splits sanitised HTML into markup and translatable runs (a run: inline tags and text). */
function parse(html: string): Part[] {
  const parts: Part[] = [];
  let run = '';
  const flushRun = () => {
    if (run) parts.push(...runParts(run));
    run = '';
  };
  let last = 0;
  for (const match of html.matchAll(TAG)) {
    const name = match[2]!.toLowerCase();
    const before = html.slice(last, match.index);
    last = match.index + match[0].length;
    if (INLINE_TAGS.has(name)) {
      run += before + match[0];
      continue;
    }
    run += before;
    flushRun();
    parts.push({ kind: 'markup', html: match[0] });
  }
  run += html.slice(last);
  flushRun();
  return parts;
}

/**
 * A run as parts: the surrounding white space stays markup, and a run without a letter or digit
 * (spaces, a lone <br>) is markup too. Inline tags become placeholders numbered in order.
 */
function runParts(run: string): Part[] {
  const lead = /^\s*/.exec(run)![0];
  const trail = /\s*$/.exec(run.slice(lead.length))![0];
  const core = run.slice(lead.length, run.length - trail.length);
  if (!hasWords(decodeEntities(core.replace(TAG, '')))) return [{ kind: 'markup', html: run }];
  const placeholders: Placeholder[] = [];
  const open: number[] = [];
  let text = '';
  let last = 0;
  for (const match of core.matchAll(TAG)) {
    text += decodeEntities(core.slice(last, match.index));
    last = match.index + match[0].length;
    const name = match[2]!.toLowerCase();
    if (VOID_TAGS.has(name)) {
      placeholders.push({ open: match[0], close: null });
      text += `<${placeholders.length}/>`;
    } else if (match[1]) {
      const index = open.pop();
      if (index === undefined) continue; // a stray closing tag: sanitised HTML has none
      placeholders[index - 1]!.close = match[0];
      text += `</${index}>`;
    } else {
      placeholders.push({ open: match[0], close: `</${name}>` });
      open.push(placeholders.length);
      text += `<${placeholders.length}>`;
    }
  }
  text += decodeEntities(core.slice(last));
  const parts: Part[] = [];
  if (lead) parts.push({ kind: 'markup', html: lead });
  parts.push({ kind: 'run', html: core, text, placeholders });
  if (trail) parts.push({ kind: 'markup', html: trail });
  return parts;
}

/** The translatable units of a rich-text value, in document order. */
export function richTextUnits(html: string): RichTextUnit[] {
  return parse(html).flatMap((part) =>
    part.kind === 'run' ? [{ text: part.text, placeholders: part.placeholders }] : [],
  );
}

const PLACEHOLDER = /<(\/?)(\d+)(\/?)>/g;

/**
 * Why a translation of a unit cannot be used (null when it can): every placeholder of the source
 * appears exactly once, as the same kind (a pair or a void tag), properly nested, and nothing else
 * looks like one.
 */
export function placeholderProblem(translation: string, placeholders: readonly Placeholder[]): string | null {
  const seen = new Set<number>();
  const stack: number[] = [];
  for (const match of translation.matchAll(PLACEHOLDER)) {
    const [, closing, digits, selfClosing] = match;
    const n = Number(digits);
    const placeholder = placeholders[n - 1];
    if (!placeholder) return `Placeholder <${n}> is not in the source text.`;
    if (closing && selfClosing) return `Placeholder ${match[0]} is malformed.`;
    if (placeholder.close === null) {
      if (!selfClosing) return `Placeholder ${n} is a line break: write it as <${n}/>.`;
      if (seen.has(n)) return `Placeholder <${n}/> appears more than once.`;
      seen.add(n);
    } else if (selfClosing) {
      return `Placeholder ${n} wraps text: write it as <${n}>…</${n}>.`;
    } else if (!closing) {
      if (seen.has(n)) return `Placeholder <${n}> appears more than once.`;
      seen.add(n);
      stack.push(n);
    } else if (stack.pop() !== n) {
      return `Placeholder </${n}> closes a tag that is not open (placeholders must nest).`;
    }
  }
  if (stack.length)
    return `Placeholder <${stack[stack.length - 1]}> is never closed with </${stack[stack.length - 1]}>.`;
  const missing = placeholders.map((_, i) => i + 1).filter((n) => !seen.has(n));
  if (missing.length)
    return `Placeholder${missing.length > 1 ? 's' : ''} ${missing.map((n) => `<${n}>`).join(', ')} missing: keep every link and formatting mark of the source.`;
  if (/<\/?\d/.test(translation.replace(PLACEHOLDER, '')))
    return 'A placeholder is malformed (write <1>…</1> or <1/>).';
  return null;
}

/** A translated unit as HTML: its text escaped, its placeholders replaced by the source's tags. */
function unitHtml(text: string, placeholders: readonly Placeholder[], rewriteLink: LinkRewriter): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    out += escapeText(text.slice(last, match.index));
    last = match.index + match[0].length;
    const placeholder = placeholders[Number(match[2]) - 1]!;
    out += match[1] ? placeholder.close : rewriteLink(placeholder.open);
  }
  return out + escapeText(text.slice(last));
}

/**
 * The rich text with each unit replaced by its translation (`translate(i)` returns null to keep the
 * source unit). A translation that fails placeholderProblem is not used: the source unit stays.
 */
export function rebuildRichText(
  html: string,
  translate: (unitIndex: number) => string | null,
  rewriteLink: LinkRewriter,
): string {
  let index = 0;
  return parse(html)
    .map((part) => {
      if (part.kind === 'markup') return part.html;
      const translated = translate(index++);
      if (translated !== null && placeholderProblem(translated, part.placeholders) === null)
        return unitHtml(translated, part.placeholders, rewriteLink);
      // The source unit as it was written, its links mapped.
      return part.html.replace(TAG, (tag) => (tag.startsWith('</') ? tag : rewriteLink(tag)));
    })
    .join('');
}

const TAG_NAMES: Record<string, string> = {
  strong: 'bold',
  b: 'bold',
  em: 'italic',
  i: 'italic',
  u: 'underline',
  s: 'strikethrough',
  sup: 'superscript',
  sub: 'subscript',
  span: 'styled text',
};

/** What each placeholder stands for, for the translator: "<1>…</1> link to /menu/", "<2/> line break". */
export function placeholderHints(placeholders: readonly Placeholder[]): string[] {
  return placeholders.map((placeholder, index) => {
    const n = index + 1;
    if (placeholder.close === null) return `<${n}/> line break`;
    const name = /^<([a-z0-9]+)/i.exec(placeholder.open)?.[1]?.toLowerCase() ?? '';
    const href = /href="([^"]*)"/.exec(placeholder.open)?.[1];
    const what = name === 'a' ? `link to ${decodeEntities(href ?? '')}` : (TAG_NAMES[name] ?? name);
    return `<${n}>…</${n}> ${what}`;
  });
}
