import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { CatalogEntry } from '../../shared/i18n/translator';
import { oncePerObject } from '../../shared/memo/once-per-object';
import type { PageContext } from '../../shared/schemas/page-payload';
import type { FooterColumn, FooterContent, HeaderSection } from '../../shared/schemas/navigation';
import { FooterColumns } from '../../views/components/footer/FooterColumns';
import { SocialIcons } from '../../views/components/footer/SocialIcons';
import { BurgerMenu } from '../../views/components/header/BurgerMenu';
import { DesktopNav } from '../../views/components/header/DesktopNav';
import { sectionsWithRole, visibleLinks } from '../../views/components/header/sections';
import { PageContextProvider } from '../../views/page-context';
import type { PartKind, PartLookup } from '../../views/prerendered';

/** Markup rendered once, and the translations it looked up, which every page that uses it must still hear of. */
type Rendered = { html: string; used: CatalogEntry[]; missing: Array<[string, string]> };

/** The parts made from one rendering: each with the data object a component asks for it by. */
type Parts = { parts: Array<[PartKind, object, string]>; used: CatalogEntry[]; missing: Array<[string, string]> };

/** Per data object (snippet content the snippets cache shares between pages and never changes), by language and variant. */
const partsOf = oncePerObject((_key: object) => new Map<string, Parts>());

function render(context: PageContext, element: ReactElement): Rendered {
  const used = new Map<string, CatalogEntry>();
  const missing: Array<[string, string]> = [];
  // Rendered without the parts' provider, so every component renders its children in full.
  const html = renderToString(
    <PageContextProvider
      context={context}
      onTranslate={(entry) => used.set(`${entry.context}\u0004${entry.key}`, entry)}
      onMissingTranslation={(scope, text) => missing.push([scope, text])}
    >
      {element}
    </PageContextProvider>,
  );
  return { html, used: [...used.values()], missing };
}

/** The children's markup of the one element `html` is. React escapes '>' in attribute values, so the first one ends its start tag. */
function childrenOf(html: string, endTag: string): string {
  if (!html.endsWith(endTag)) throw new Error(`expected one element ending with ${endTag}`);
  return html.slice(html.indexOf('>') + 1, html.length - endTag.length);
}

/** The children's markup of the first element in `html` that starts with `startTag`, up to the first `endTag` after it (elements that hold no element of their own kind). */
function innerOf(
  html: string,
  startTag: string,
  endTag: string,
  from = 0,
): { inner: string; next: number } | undefined {
  const start = html.indexOf(startTag, from);
  if (start < 0) return undefined;
  const open = html.indexOf('>', start) + 1;
  const close = html.indexOf(endTag, open);
  return close < 0 ? undefined : { inner: html.slice(open, close), next: close };
}

function columnsPart(context: PageContext, columns: FooterColumn[]): Parts {
  const { html, used, missing } = render(context, <FooterColumns columns={columns} />);
  return { parts: [['footer-columns', columns, childrenOf(html, '</div>')]], used, missing };
}

function socialPart(context: PageContext, icons: FooterContent['social_icons'], twitterBird: boolean): Parts {
  const { html, used, missing } = render(context, <SocialIcons icons={icons} twitterBird={twitterBird} />);
  return { parts: [['footer-social', icons, childrenOf(html, '</ul>')]], used, missing };
}

function headerParts(context: PageContext, sections: HeaderSection[]): Parts {
  const desktop = render(context, <DesktopNav sections={sectionsWithRole(sections, ['primary'])} onReady={() => {}} />);
  const burger = render(context, <BurgerMenu sections={sections} />);
  const parts: Parts = {
    parts: [['desktop-nav', sections, childrenOf(desktop.html, '</nav>')]],
    used: [...desktop.used, ...burger.used],
    missing: [...desktop.missing, ...burger.missing],
  };
  // The burger's sections in the order it renders them: those with links.
  let at = 0;
  for (const section of sectionsWithRole(sections, ['primary', 'secondary']).filter(
    (s) => visibleLinks(s).length > 0,
  )) {
    const found = innerOf(burger.html, '<nav class="burger__section', '</nav>', at);
    if (!found) throw new Error('burger section markup not found');
    parts.parts.push(['burger-section', section, found.inner]);
    at = found.next;
  }
  const social = innerOf(burger.html, '<ul class="burger__social"', '</ul>');
  if (social) parts.parts.push(['burger-social', sections, social.inner]);
  return parts;
}

function cached(key: object, id: string, make: () => Parts): Parts {
  const known = partsOf(key).get(id);
  if (known) return known;
  const made = make();
  partsOf(key).set(id, made);
  return made;
}

/**
 * The header's and footer's parts that are the same on every page of a site and language (menus,
 * link columns, social icons: about 150 tags and 200 attributes of the home page), rendered once
 * per snippet content and written by the page render as one piece each (views/prerendered.tsx).
 * Their translations are reported here, as if looked up during the render, so the page data
 * carries the same catalog; components only read the markup.
 */
export function chromeParts(
  context: PageContext,
  onTranslate: (entry: CatalogEntry) => void,
  onMissingTranslation?: (context: string, key: string) => void,
): PartLookup {
  const found = new Map<PartKind, Map<object, string>>();
  const take = ({ parts, used, missing }: Parts) => {
    for (const [kind, key, html] of parts) {
      let ofKind = found.get(kind);
      if (!ofKind) found.set(kind, (ofKind = new Map()));
      ofKind.set(key, html);
    }
    for (const entry of used) onTranslate(entry);
    if (onMissingTranslation) for (const [scope, text] of missing) onMissingTranslation(scope, text);
  };
  const footer = context.footer?.content;
  if (footer) {
    take(cached(footer.columns, context.languageCode, () => columnsPart(context, footer.columns)));
    // SocialIcons renders nothing without icons.
    if (footer.social_icons.length > 0)
      take(
        cached(footer.social_icons, `${context.languageCode}\u0000${footer.use_twitter_bird}`, () =>
          socialPart(context, footer.social_icons, footer.use_twitter_bird),
        ),
      );
  }
  // As SiteHeader decides: the new header only with its flag and some sections.
  const header = context.header;
  if (header?.newHeader && header.content.sections.length > 0) {
    const { sections } = header.content;
    take(cached(sections, context.languageCode, () => headerParts(context, sections)));
  }
  return (kind, key) => found.get(kind)?.get(key);
}
