import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { CatalogEntry } from '../../shared/i18n/translator';
import { oncePerObject } from '../../shared/memo/once-per-object';
import type { PageContext } from '../../shared/schemas/page-payload';
import { FooterColumnItems } from '../../views/components/footer/FooterColumns';
import { SocialIconItems } from '../../views/components/footer/SocialIcons';
import { BurgerSectionBody, BurgerSocialItems } from '../../views/components/header/BurgerMenu';
import { NavPanelItems } from '../../views/components/header/DesktopNav';
import { PageContextProvider } from '../../views/page-context';
import type { PartKind, PartLookup } from '../../views/prerendered';

/** A part's markup and the translations it looked up, which the page must still hear of. */
type Part = { html: string; used: CatalogEntry[]; missing: Array<[string, string]> };

/** Parts per data object (snippet content the snippets cache shares between pages and never changes), by kind and language. */
const partsOf = oncePerObject((_key: object) => new Map<string, Part>());

function partFor(kind: PartKind, key: object, variant: string, context: PageContext, element: ReactElement): Part {
  const parts = partsOf(key);
  const id = `${kind}\u0000${context.languageCode}\u0000${variant}`;
  const known = parts.get(id);
  if (known) return known;
  const used = new Map<string, CatalogEntry>();
  const missing: Array<[string, string]> = [];
  const html = renderToString(
    <PageContextProvider context={context} onTranslate={(entry) => used.set(`${entry.context}\u0004${entry.key}`, entry)} onMissingTranslation={(scope, key) => missing.push([scope, key])}>
      {element}
    </PageContextProvider>,
  );
  const part = { html, used: [...used.values()], missing };
  parts.set(id, part);
  return part;
}

/**
 * The header's and footer's parts that are the same on every page of a site and language (link
 * columns, menus, social icons), rendered once per snippet content and written by the page render
 * as one piece each (views/prerendered.tsx). A part the page uses reports its translations as
 * if its text had been looked up during the render, so the page data carries the same catalog.
 */
export function chromeParts(context: PageContext, onTranslate: (entry: CatalogEntry) => void, onMissingTranslation?: (context: string, key: string) => void): PartLookup {
  const found = new Map<PartKind, Map<object, Part>>();
  const add = (kind: PartKind, key: object, part: Part) => {
    let ofKind = found.get(kind);
    if (!ofKind) found.set(kind, (ofKind = new Map()));
    ofKind.set(key, part);
  };
  const footer = context.footer?.content;
  if (footer) {
    add('footer-columns', footer.columns, partFor('footer-columns', footer.columns, '', context, <FooterColumnItems columns={footer.columns} />));
    const twitterBird = footer.use_twitter_bird;
    add('footer-social', footer.social_icons, partFor('footer-social', footer.social_icons, String(twitterBird), context, <SocialIconItems icons={footer.social_icons} twitterBird={twitterBird} />));
  }
  const header = context.header;
  if (header?.newHeader) {
    const { sections } = header.content;
    for (const section of sections) {
      add('nav-panel', section, partFor('nav-panel', section, '', context, <NavPanelItems section={section} />));
      add('burger-section', section, partFor('burger-section', section, '', context, <BurgerSectionBody section={section} />));
    }
    add('burger-social', sections, partFor('burger-social', sections, '', context, <BurgerSocialItems sections={sections} />));
  }
  return (kind, key) => {
    const part = found.get(kind)?.get(key);
    if (!part) return undefined;
    for (const entry of part.used) onTranslate(entry);
    if (onMissingTranslation) for (const [scope, key] of part.missing) onMissingTranslation(scope, key);
    return part.html;
  };
}
