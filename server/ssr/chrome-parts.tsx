import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { CatalogEntry } from '../../shared/i18n/translator';
import { oncePerObject } from '../../shared/memo/once-per-object';
import type { PageContext } from '../../shared/schemas/page-payload';
import { FooterColumns } from '../../views/components/footer/FooterColumns';
import { SocialIcons } from '../../views/components/footer/SocialIcons';
import { PageContextProvider } from '../../views/page-context';
import type { PartKind, PartLookup } from '../../views/prerendered';

/** A part's inner markup and the translations it looked up, which the page must still hear of. */
type Part = { html: string; used: CatalogEntry[]; missing: Array<[string, string]> };

/** Parts per data object (snippet content the snippets cache shares between pages and never changes), by kind, language and variant. */
const partsOf = oncePerObject((_key: object) => new Map<string, Part>());

/** The children's markup of the one element `html` is (React escapes '>' in attribute values, so the first one ends its start tag). */
function innerOf(html: string): string {
  return html.slice(html.indexOf('>') + 1, html.lastIndexOf('</'));
}

function partFor(kind: PartKind, key: object, variant: string, context: PageContext, element: ReactElement): Part {
  const parts = partsOf(key);
  const id = `${kind}\u0000${context.languageCode}\u0000${variant}`;
  const known = parts.get(id);
  if (known) return known;
  const used = new Map<string, CatalogEntry>();
  const missing: Array<[string, string]> = [];
  // Rendered without the parts' provider, so the component renders its children in full.
  const html = renderToString(
    <PageContextProvider context={context} onTranslate={(entry) => used.set(`${entry.context}\u0004${entry.key}`, entry)} onMissingTranslation={(scope, text) => missing.push([scope, text])}>
      {element}
    </PageContextProvider>,
  );
  const part = { html: innerOf(html), used: [...used.values()], missing };
  parts.set(id, part);
  return part;
}

/**
 * The footer's parts that are the same on every page of a site and language (link columns,
 * social icons: about 75 tags and 100 attributes), rendered once per snippet content and written
 * by the page render as one piece each (views/prerendered.tsx). A part the page uses reports its
 * translations as if its text had been looked up during the render, so the page data carries
 * the same catalog.
 */
export function chromeParts(context: PageContext, onTranslate: (entry: CatalogEntry) => void, onMissingTranslation?: (context: string, key: string) => void): PartLookup {
  const found = new Map<object, Part>();
  const footer = context.footer?.content;
  if (footer) {
    found.set(footer.columns, partFor('footer-columns', footer.columns, '', context, <FooterColumns columns={footer.columns} />));
    if (footer.social_icons.length > 0) {
      const twitterBird = footer.use_twitter_bird;
      found.set(footer.social_icons, partFor('footer-social', footer.social_icons, String(twitterBird), context, <SocialIcons icons={footer.social_icons} twitterBird={twitterBird} />));
    }
  }
  return (_kind, key) => {
    const part = found.get(key);
    if (!part) return undefined;
    for (const entry of part.used) onTranslate(entry);
    if (onMissingTranslation) for (const [scope, text] of part.missing) onMissingTranslation(scope, text);
    return part.html;
  };
}
