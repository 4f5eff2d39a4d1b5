import { preload, type PreloadOptions } from 'react-dom';
import { renderToString } from 'react-dom/server';
import type { CatalogEntry } from '../../shared/i18n/translator';
import { oncePerObject } from '../../shared/memo/once-per-object';
import type { PageContext, PageData } from '../../shared/schemas/page-payload';
import { BlockComponentsProvider } from '../../views/blocks/block-components';
import { blockComponents } from '../../views/blocks/components';
import { CurrentPageProvider } from '../../views/current-page';
import { PageContextProvider } from '../../views/page-context';
import type { PartLookup } from '../../views/prerendered';
import type { TemplateComponent } from '../../views/template-types';

/**
 * Templates whose markup inside <main> is a function of the page's cleaned content, a few of its
 * plain fields and the page context: a body of blocks and nothing read per request (no forms
 * with tokens, no loader data, no time of day). Others render on every request.
 */
const REUSABLE_TEMPLATES = new Set(['HomePage', 'ExamplePage', 'UtilityPage']);

/** Context fields a reused rendering may have read without naming their value: derived from the language, which is in the key. */
const LANGUAGE_FIELDS = new Set<string>(['catalog']);

/** Where a rendering read a value from, what it read and the value it got. */
type Read = [from: 'page' | 'content' | 'context', name: string | symbol, value: unknown];

/** An image preload React hoisted out of the rendering (a lead image): made again in the page's render, for its <head>. */
type ImagePreload = { href: string; options: PreloadOptions };

type Rendered = {
  reads: Read[];
  html: string;
  preloads: ImagePreload[];
  used: CatalogEntry[];
  missing: Array<[string, string]>;
};

/** What a reused rendering gives a page: its markup, and the image preloads to make during the page's render. */
export type MainPart = { html: string; preload: () => void };
/** Per template and language: the renderings kept, or 'never' when this content's rendering depends on the request. */
type Kept = Rendered[] | 'never';

/** At most this many renderings of one body per template and language (pages sharing content at different URLs). */
const MAX_PER_KEY = 4;

/**
 * Keyed by the page's body of blocks: the cleaned-content cache shares one array per page type
 * and content digest between requests and never changes it (server/modules/pages/content.ts), so
 * a new revision has a new array, and the old renderings go when it is forgotten.
 */
const keptFor = oncePerObject((_body: object) => new Map<string, Kept>());

/** Prefix for React's generated ids in the rendering: a part with one would not match the ids of the render it is put in. */
const ID_SENTINEL = '\u2063part\u2063';

const isObject = (value: unknown): value is object =>
  (typeof value === 'object' && value !== null) || typeof value === 'function';

/** A view of `target` that records every property read; `wrap` may hand out a view of a value instead of the value. */
function recording<T extends object>(
  target: T,
  from: Read[0],
  reads: Read[],
  wrap?: (name: string | symbol, value: unknown) => unknown,
): T {
  return new Proxy(target, {
    get(object, name, receiver) {
      const value: unknown = Reflect.get(object, name, receiver);
      const wrapped = wrap?.(name, value);
      if (wrapped !== undefined) return wrapped;
      reads.push([from, name, value]);
      return value;
    },
    has(object, name) {
      reads.push([from, name, Reflect.has(object, name)]);
      return Reflect.has(object, name);
    },
    ownKeys(object) {
      // The list of fields is not one value that can be compared later: never reused.
      reads.push([from, Symbol('ownKeys'), {}]);
      return Reflect.ownKeys(object);
    },
  });
}

/** The value a recorded read gets from this request's page and context. */
function current(read: Read, page: PageData, context: PageContext): unknown {
  const [from, name] = read;
  if (typeof name === 'symbol') return undefined;
  if (from === 'page') return (page as Record<string, unknown>)[name];
  if (from === 'content') return (page.content as Record<string, unknown>)[name];
  return (context as Record<string, unknown>)[name];
}

/**
 * Reads a later request can check: plain values compared by value, objects by identity (only
 * the shared, never-changed values of the cleaned content keep theirs from one request to the
 * next; the page's and the context's objects are made per request).
 */
function comparable(reads: Read[]): boolean {
  return reads.every(([from, name, value]) => typeof name !== 'symbol' && (!isObject(value) || from === 'content'));
}

function render(Template: TemplateComponent, page: PageData, context: PageContext): Rendered | undefined {
  const reads: Read[] = [];
  const content = recording(page.content, 'content', reads);
  const pageView = recording(page, 'page', reads, (name) => (name === 'content' ? content : undefined));
  const contextView = recording(context, 'context', reads, (name, value) =>
    typeof name === 'string' && LANGUAGE_FIELDS.has(name) ? value : undefined,
  );
  const used = new Map<string, CatalogEntry>();
  const missing: Array<[string, string]> = [];
  const html = renderToString(
    <PageContextProvider
      context={contextView}
      onTranslate={(entry) => used.set(`${entry.context}\u0004${entry.key}`, entry)}
      onMissingTranslation={(scope, text) => missing.push([scope, text])}
    >
      <CurrentPageProvider page={pageView}>
        <BlockComponentsProvider value={blockComponents}>
          <Template page={pageView} />
        </BlockComponentsProvider>
      </CurrentPageProvider>
    </PageContextProvider>,
    { identifierPrefix: ID_SENTINEL },
  );
  if (html.includes(ID_SENTINEL) || !comparable(reads)) return undefined;
  // Anything React hoists comes first in a rendering of its own, and belongs in the page's <head>.
  // Image preloads of a lead image are made again during the page's render (React puts them in
  // the head where it would have, with their attributes in preload()'s order); anything else
  // (titles, metas, other preloads) renders per request.
  const start = html.indexOf('<div class="template-');
  if (start < 0) return undefined;
  const preloads = imagePreloads(html.slice(0, start));
  if (!preloads) return undefined;
  return { reads, html: html.slice(start), preloads, used: [...used.values()], missing };
}

const LINK = /^<link ([^>]*?)\/>/;
const ATTRIBUTE = / ?([A-Za-z]+)="([^"]*)"/gy;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" };

/** The <link/> elements `hoisted` is made of, each as its attributes (values unescaped); undefined for anything else. */
function links(hoisted: string): Array<Map<string, string>> | undefined {
  const found: Array<Map<string, string>> = [];
  for (let rest = hoisted; rest;) {
    const link = LINK.exec(rest);
    if (!link) return undefined;
    rest = rest.slice(link[0].length);
    const attributes = new Map<string, string>();
    ATTRIBUTE.lastIndex = 0;
    let end = 0;
    for (let match = ATTRIBUTE.exec(link[1]!); match; match = ATTRIBUTE.exec(link[1]!)) {
      attributes.set(
        match[1]!,
        match[2]!.replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => ENTITIES[entity]!),
      );
      end = ATTRIBUTE.lastIndex;
    }
    if (end !== link[1]!.length) return undefined;
    found.push(attributes);
  }
  return found;
}

const sameLinks = (a: Array<Map<string, string>>, b: Array<Map<string, string>>) =>
  a.length === b.length &&
  a.every((link, i) => link.size === b[i]!.size && [...link].every(([name, value]) => b[i]!.get(name) === value));

/** Options of preload() React writes as these attributes. */
const PRELOAD_OPTIONS = new Set([
  'imageSrcSet',
  'imageSizes',
  'crossOrigin',
  'integrity',
  'type',
  'fetchPriority',
  'referrerPolicy',
]);

/**
 * The image preloads `hoisted` is made of, when preload() makes the same elements again: each
 * with a srcset (the key React dedupes it by) and high priority (React files other image
 * preloads in another queue when it renders the image). preload() writes the same attributes
 * in another order (fetchPriority first). Undefined for anything else.
 */
function imagePreloads(hoisted: string): ImagePreload[] | undefined {
  const wanted = links(hoisted);
  if (!wanted) return undefined;
  const preloads: ImagePreload[] = [];
  for (const attributes of wanted) {
    const { rel, as, imageSrcSet, fetchPriority } = Object.fromEntries(attributes);
    if (rel !== 'preload' || as !== 'image' || !imageSrcSet || fetchPriority !== 'high') return undefined;
    const options: Record<string, string> = { as: 'image' };
    for (const [name, value] of attributes) {
      if (name === 'rel' || name === 'as') continue;
      if (!PRELOAD_OPTIONS.has(name)) return undefined;
      options[name] = value;
    }
    preloads.push({ href: imageSrcSet, options: options as unknown as PreloadOptions });
  }
  // The check that matters: preload() makes these very elements.
  const Replay = () => {
    for (const { href, options } of preloads) preload(href, options);
    return null;
  };
  const made = links(renderToString(<Replay />));
  return made && sameLinks(made, wanted) ? preloads : undefined;
}

/**
 * The markup inside <main> for a page whose template only shows its content (a body of blocks):
 * rendered once per body of blocks, template and language, and reused while the page's plain
 * fields and the context's fields the rendering read are the same, so a miss writes it as one
 * piece (views/App.tsx) instead of rendering every block again. The translations it looked up are
 * reported as if looked up during the render; the preloads React hoisted out of it (a lead image's)
 * are made again when the page's render writes it. Undefined when the page renders in full:
 * previews, other templates, renderings that read request-made objects (loader data such as a
 * sitemap's or a toolbox's blocks, the location picker), used generated ids or hoisted anything
 * else to the head.
 */
export function mainPart(
  template: string,
  Template: TemplateComponent,
  page: PageData,
  context: PageContext,
  onTranslate: (entry: CatalogEntry) => void,
  onMissingTranslation?: (context: string, key: string) => void,
): MainPart | undefined {
  const body = page.content.body;
  if (context.isPreview || !REUSABLE_TEMPLATES.has(template) || !isObject(body)) return undefined;
  const byKey = keptFor(body);
  const key = `${template}\u0000${context.languageCode}`;
  let kept = byKey.get(key);
  if (kept === 'never') return undefined;
  let found = kept?.find((rendered) => rendered.reads.every((read) => current(read, page, context) === read[2]));
  if (!found) {
    found = render(Template, page, context);
    if (!found) {
      byKey.set(key, 'never');
      return undefined;
    }
    kept = [found, ...(kept ?? [])].slice(0, MAX_PER_KEY);
    byKey.set(key, kept);
  }
  for (const entry of found.used) onTranslate(entry);
  if (onMissingTranslation) for (const [scope, text] of found.missing) onMissingTranslation(scope, text);
  const { html, preloads } = found;
  return {
    html,
    // Called by the page's render when it writes the part (React dedupes a preload made twice).
    preload: () => {
      for (const { href, options } of preloads) preload(href, options);
    },
  };
}

/** The page's parts: `others`, and its content's from `main` (asked during the render: its image preloads go to this page's <head>). */
export function withMainPart(others: PartLookup, main: MainPart | undefined, page: PageData): PartLookup {
  return (kind, key) => {
    if (kind !== 'main') return others(kind, key);
    if (key !== page || !main) return undefined;
    main.preload();
    return main.html;
  };
}
