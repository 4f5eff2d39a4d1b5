import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createTranslator, type CatalogEntry, type Translate } from '../shared/i18n/translator';
import type { PageContext } from '../shared/schemas/page-payload';
import { inLanguage } from '../shared/urls/in-language';

type PageContextValue = { context: PageContext; t: Translate };

const Context = createContext<PageContextValue | null>(null);

/**
 * Makes the page context and a translator available to every component. On the server,
 * `onTranslate` records which catalog entries the page used, so only those travel with it.
 */
export function PageContextProvider({
  context,
  onTranslate,
  onMissingTranslation,
  children,
}: {
  context: PageContext;
  onTranslate?: (entry: CatalogEntry) => void;
  /** Server only: hears lookups the catalog has no entry for. */
  onMissingTranslation?: (context: string, key: string) => void;
  children: ReactNode;
}) {
  const value = useMemo(
    () => ({ context, t: createTranslator(context.catalog, onTranslate, onMissingTranslation) }),
    [context, onTranslate, onMissingTranslation],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

function usePageContextValue(): PageContextValue {
  const value = useContext(Context);
  if (!value) throw new Error('PageContextProvider is missing above this component');
  return value;
}

export const usePageContext = () => usePageContextValue().context;
export const useT = () => usePageContextValue().t;
/** The path prefix of the page's language ('' or e.g. '/fr'), for links to routes outside the page tree. */
export const useLocalePrefix = () => usePageContextValue().context.localePrefix ?? '';
/** Puts the page's language prefix on a link to this site (shared/urls/in-language.ts). */
export const useInLanguage = () => {
  const { localePrefix, siteUrl } = usePageContextValue().context;
  return (url: string) => inLanguage(url, localePrefix, siteUrl);
};
