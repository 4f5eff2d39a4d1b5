import type { HeaderContent } from '../../../shared/schemas/navigation';
import type { StoredFooter } from '../../../shared/schemas/snippets';
import type { Segment } from './segments';

/**
 * The translatable text of the localized snippets, read from their stored content (never from the
 * form's outline, which is only one way of editing it): a header menu's section titles and link
 * labels, a footer's column titles, link labels and legal text (one segment a line). Addresses,
 * section roles, social icons and flags are copied; an address that is a page with a translation
 * in the target language points at the translation. Pure: the caller passes the address map.
 *
 * Segment ids are positions in the stored lists (`sections.0.links.2.display_name`,
 * `columns.1.title`, `legal_text#2`): menu entries have no ids of their own. A link moved to
 * another place gets a new id; its translation comes back from the translation memory.
 */
export const SNIPPET_MODELS = ['core.tierednavigation', 'core.footer'] as const;
export type SnippetModel = (typeof SNIPPET_MODELS)[number];

export type SnippetSegment = Segment & { kind: 'text'; maxLength: number };

/** The stored limits (shared/schemas/navigation.ts): a translation must still fit them. */
const LABEL_MAX = 80;
const LEGAL_MAX = 2000;

const hasWords = (text: string) => /[\p{L}\p{N}]/u.test(text);
const isControlCharacter = (c: string) => c < ' ' && c !== '\t';

type Visit = (id: string, value: string, label: string, maxLength: number) => string;
type Urls = ReadonlyMap<string, string>;

const mapUrl = (urls: Urls, url: string | undefined) => (url === undefined ? url : (urls.get(url) ?? url));

function text(visit: Visit, id: string, value: string, label: string, maxLength = LABEL_MAX): string {
  return hasWords(value) ? visit(id, value, label, maxLength) : value;
}

function walkHeader(content: HeaderContent, visit: Visit, urls: Urls): HeaderContent {
  return {
    ...content,
    sections: content.sections.map((section, s) => {
      const where = `Section ${s + 1} (${section.role})`;
      const path = `sections.${s}`;
      return {
        ...section,
        title: text(visit, `${path}.title`, section.title, `${where} › Title`),
        links: section.links.map((link, l) => {
          const linkPath = `${path}.links.${l}`;
          const linkWhere = `${where} › Link ${l + 1}`;
          const out = {
            ...link,
            display_name: text(visit, `${linkPath}.display_name`, link.display_name, linkWhere),
            url: mapUrl(urls, link.url),
          };
          if (link.url === undefined) delete out.url;
          if (link.children)
            out.children = link.children.map((child, c) => {
              const leaf = {
                ...child,
                display_name: text(
                  visit,
                  `${linkPath}.children.${c}.display_name`,
                  child.display_name,
                  `${linkWhere} › Link ${c + 1}`,
                ),
                url: mapUrl(urls, child.url),
              };
              if (child.url === undefined) delete leaf.url;
              return leaf;
            });
          return out;
        }),
      };
    }),
  };
}

function walkFooter(content: StoredFooter, visit: Visit, urls: Urls): StoredFooter {
  const lines = content.legal_text.split('\n');
  return {
    ...content,
    columns: content.columns.map((column, c) => {
      const where = `Column ${c + 1}`;
      return {
        ...column,
        title: text(visit, `columns.${c}.title`, column.title, `${where} › Title`),
        links: column.links.map((link, l) => ({
          ...link,
          display_name: text(
            visit,
            `columns.${c}.links.${l}.display_name`,
            link.display_name,
            `${where} › Link ${l + 1}`,
          ),
          url: urls.get(link.url) ?? link.url,
        })),
      };
    }),
    legal_text: lines
      .map((line, index) => text(visit, `legal_text#${index + 1}`, line, `Legal text › line ${index + 1}`, LEGAL_MAX))
      .join('\n'),
  };
}

function walk(model: SnippetModel, content: unknown, visit: Visit, urls: Urls): unknown {
  return model === 'core.tierednavigation'
    ? walkHeader(content as HeaderContent, visit, urls)
    : walkFooter(content as StoredFooter, visit, urls);
}

/** A snippet's segments, in the order a reader meets them. */
export function extractSnippetSegments(model: SnippetModel, content: unknown): SnippetSegment[] {
  const segments: SnippetSegment[] = [];
  walk(
    model,
    content,
    (id, value, label, maxLength) => {
      segments.push({ id, kind: 'text', source: value, label, maxLength });
      return value;
    },
    new Map(),
  );
  return segments;
}

/** Why a translation of a snippet segment cannot be saved (null when it can): it must fit where it goes. */
export function snippetSegmentProblem(segment: Pick<SnippetSegment, 'maxLength'>, translation: string): string | null {
  if (/[\r\n]/.test(translation)) return 'The translation must be one line.';
  if ([...translation].some(isControlCharacter)) return 'The translation contains control characters.';
  if (translation.length > segment.maxLength)
    return `Ensure this value has at most ${segment.maxLength} characters (it has ${translation.length}).`;
  return null;
}

/**
 * A copy of the source content with each segment's translation put in; a segment without a usable
 * translation keeps the source text (the translated snippet is always complete), and addresses of
 * pages with a translation point at it.
 */
export function applySnippetTranslations(
  model: SnippetModel,
  content: unknown,
  translations: ReadonlyMap<string, string>,
  urls: Urls,
): unknown {
  return walk(
    model,
    content,
    (id, value, _label, maxLength) => {
      const translated = translations.get(id)?.trim();
      return translated && snippetSegmentProblem({ maxLength }, translated) === null ? translated : value;
    },
    urls,
  );
}

/** All the internal addresses a snippet links to (mapped to translated pages). */
export function snippetPaths(model: SnippetModel, content: unknown): string[] {
  const paths = new Set<string>();
  const add = (url: string | undefined) => {
    if (url?.startsWith('/') && !url.startsWith('//')) paths.add(url);
  };
  if (model === 'core.tierednavigation') {
    for (const section of (content as HeaderContent).sections)
      for (const link of section.links) {
        add(link.url);
        link.children?.forEach((child) => add(child.url));
      }
  } else {
    for (const column of (content as StoredFooter).columns) column.links.forEach((link) => add(link.url));
  }
  return [...paths];
}
