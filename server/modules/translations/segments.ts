import { blockSchemas } from '../../../views/blocks/schemas';
import type { RevisionSnapshot } from '../pages/table';
import {
  placeholderProblem,
  rebuildRichText,
  richTextUnits,
  type LinkRewriter,
  type Placeholder,
} from './rich-text-segments';
import { COPIED_SUBTREES, TEXT_KEYS, URL_KEYS } from './text-fields';

/**
 * The translatable text of a page, as segments with stable ids, and the way back: a copy of the
 * source with translations put in (Wagtail-localize's segment extraction and ingestion). Pure:
 * no database; the caller passes the map of linked pages to their translations.
 *
 * Segment ids: `page.title`, `page.seo_title`, `page.search_description`; in content the field,
 * then each block's id (never its position, so reordering blocks keeps translations), then the
 * keys and list indexes down to the string: `body.7f3a.link.display_name`. A rich-text value gives
 * one segment per paragraph, heading or list item: `body.9c1e.html#2`.
 */
export type Segment = {
  id: string;
  kind: 'text' | 'rich_text';
  /** The source text; for rich text, inline tags replaced by placeholders (<1>…</1>, <2/>). */
  source: string;
  /** Where it is, for people: "Hero › Heading". */
  label: string;
  /** Rich text only: the tags behind the placeholders, in order. */
  placeholders?: Placeholder[];
};

export type TranslatableFields = Pick<RevisionSnapshot, 'title' | 'seo_title' | 'search_description' | 'content'>;

/** Source pages (by id and by public path) mapped to their translation in the target locale. */
export type PageLinkMap = {
  pages: ReadonlyMap<number, { id: number; url: string | null }>;
  urls: ReadonlyMap<string, string>;
};

export const NO_LINKS: PageLinkMap = { pages: new Map(), urls: new Map() };

const PAGE_FIELDS = [
  ['title', 'Title'],
  ['seo_title', 'Title tag'],
  ['search_description', 'Meta description'],
] as const;

const MAX_DEPTH = 64;
/** Control characters other than tab and line breaks never belong in page text. */
const isControlCharacter = (c: string) => c < ' ' && c !== '\t' && c !== '\n' && c !== '\r';
const hasWords = (text: string) => /[\p{L}\p{N}]/u.test(text);
const looksLikeRichText = (text: string) => /^\s*<(p|h[2-6]|ul|ol|blockquote|hr|div)[\s>]/i.test(text);
const humanise = (key: string) => key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

type Visit = (id: string, kind: Segment['kind'], value: string, label: string) => string;

function isBlock(value: unknown): value is { type: string; id: string; value: unknown } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return typeof record.type === 'string' && typeof record.id === 'string' && 'value' in record;
}

/**
 * Walks content, calling `visit` on every translatable string and writing back what it returns;
 * non-text values are copied, with page links mapped through `links`.
 */
function transform(
  value: unknown,
  path: string,
  labels: string[],
  key: string | null,
  visit: Visit,
  links: PageLinkMap,
  depth: number,
): unknown {
  if (depth > MAX_DEPTH) return value;
  if (typeof value === 'string') {
    if (key !== null && URL_KEYS.has(key)) return links.urls.get(value) ?? value;
    if (key === null || !TEXT_KEYS.has(key) || !hasWords(value)) return value;
    const label = labels.join(' › ');
    return visit(path, looksLikeRichText(value) ? 'rich_text' : 'text', value, label);
  }
  if (typeof value === 'number') {
    if (key === 'page_id') return links.pages.get(value)?.id ?? value;
    return value;
  }
  if (Array.isArray(value)) {
    return value.map((item, index) =>
      isBlock(item)
        ? transformBlock(item, `${path}.${item.id}`, labels, visit, links, depth + 1)
        : transform(item, `${path}.${index}`, labels, key, visit, links, depth + 1),
    );
  }
  if (typeof value !== 'object' || value === null) return value;
  if (isBlock(value)) return transformBlock(value, `${path}.${value.id}`, labels, visit, links, depth + 1);
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [childKey, child] of Object.entries(record)) {
    out[childKey] = COPIED_SUBTREES.has(childKey)
      ? child
      : transform(child, `${path}.${childKey}`, [...labels, humanise(childKey)], childKey, visit, links, depth + 1);
  }
  // A navigation link ({ id, url, title }) whose page has a translation points at it by id too.
  if (typeof record.id === 'number' && typeof record.url === 'string' && links.urls.has(record.url)) {
    out.id = links.pages.get(record.id)?.id ?? record.id;
  }
  return out;
}

function transformBlock(
  block: { type: string; id: string; value: unknown },
  path: string,
  labels: string[],
  visit: Visit,
  links: PageLinkMap,
  depth: number,
): unknown {
  const meta = blockSchemas.get(block.type)?.meta;
  const blockLabel = meta?.label ?? humanise(block.type);
  let value: unknown;
  if (typeof block.value === 'object' && block.value !== null && !Array.isArray(block.value)) {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(block.value as Record<string, unknown>)) {
      const fieldLabel = meta?.fields?.[key]?.label ?? humanise(key);
      out[key] = COPIED_SUBTREES.has(key)
        ? child
        : transform(child, `${path}.${key}`, [...labels, blockLabel, fieldLabel], key, visit, links, depth + 1);
    }
    value = out;
  } else {
    value = transform(block.value, path, [...labels, blockLabel], null, visit, links, depth + 1);
  }
  return { ...block, value };
}

function walkFields(fields: TranslatableFields, visit: Visit, links: PageLinkMap): TranslatableFields {
  const out = { ...fields };
  for (const [field, label] of PAGE_FIELDS) {
    const value = fields[field];
    if (hasWords(value)) out[field] = visit(`page.${field}`, 'text', value, label);
  }
  const content: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields.content)) {
    // A content field's own name is its key: a rich-text field (contact_info) is text by its key.
    content[field] = transform(value, field, [humanise(field)], field, visit, links, 0);
  }
  out.content = content;
  return out;
}

/** The page's translatable segments, in the order a reader meets them. */
export function extractSegments(fields: TranslatableFields): Segment[] {
  const segments: Segment[] = [];
  walkFields(
    fields,
    (id, kind, value, label) => {
      if (kind === 'text') segments.push({ id, kind, source: value, label });
      else
        richTextUnits(value).forEach((unit, index) =>
          segments.push({
            id: `${id}#${index + 1}`,
            kind,
            source: unit.text,
            label: `${label} › paragraph ${index + 1}`,
            placeholders: unit.placeholders,
          }),
        );
      return value;
    },
    NO_LINKS,
  );
  return segments;
}

/** Why a translation of a segment cannot be saved (null when it can). */
export function segmentProblem(segment: Pick<Segment, 'kind' | 'placeholders'>, translation: string): string | null {
  if (translation.length > 100_000) return 'The translation is too long.';
  if (segment.kind === 'rich_text') return placeholderProblem(translation, segment.placeholders ?? []);
  if ([...translation].some(isControlCharacter)) return 'The translation contains control characters.';
  return null;
}

/** Rewrites an internal link tag of rich text for the translated page. */
function linkRewriter(links: PageLinkMap): LinkRewriter {
  return (tag) => {
    if (!tag.startsWith('<a ')) return tag;
    const pageId = /data-page-id="(\d+)"/.exec(tag);
    const mapped = pageId ? links.pages.get(Number(pageId[1])) : undefined;
    if (mapped) {
      const withId = tag.replace(/data-page-id="\d+"/, `data-page-id="${mapped.id}"`);
      return mapped.url ? withId.replace(/href="[^"]*"/, `href="${mapped.url}"`) : withId;
    }
    return tag.replace(/href="([^"]*)"/, (whole, href: string) => {
      const url = links.urls.get(href);
      return url ? `href="${url}"` : whole;
    });
  };
}

/**
 * A copy of the source with each segment's translation put in. A segment without a translation
 * (or whose translation fails segmentProblem) keeps its source text, so a draft in progress is
 * always a valid page; links to pages that have a translation point at it.
 */
export function applyTranslations(
  fields: TranslatableFields,
  translations: ReadonlyMap<string, string>,
  links: PageLinkMap,
): TranslatableFields {
  const rewrite = linkRewriter(links);
  return walkFields(
    fields,
    (id, kind, value) => {
      if (kind === 'text') {
        const translated = translations.get(id);
        return translated !== undefined && translated.trim() !== '' && segmentProblem({ kind }, translated) === null
          ? translated
          : value;
      }
      return rebuildRichText(
        value,
        (index) => {
          const translated = translations.get(`${id}#${index + 1}`);
          return translated !== undefined && translated.trim() !== '' ? translated : null;
        },
        rewrite,
      );
    },
    links,
  );
}
