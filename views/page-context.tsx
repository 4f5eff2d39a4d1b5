import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createTranslator, type CatalogEntry, type Translate } from '../shared/i18n/translator';
import type { PageContext } from '../shared/schemas/page-payload';

type PageContextValue = { context: PageContext; t: Translate };

const Context = createContext<PageContextValue | null>(null);

/**
 * Makes the page context and a translator available to every component. On the server,
 * `onTranslate` records which catalog entries the page used, so only those travel with it.
 */
export function PageContextProvider({
  context,
  onTranslate,
  children,
}: {
  context: PageContext;
  onTranslate?: (entry: CatalogEntry) => void;
  children: ReactNode;
}) {
  const value = useMemo(
    () => ({ context, t: createTranslator(context.catalog, onTranslate) }),
    [context, onTranslate],
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
