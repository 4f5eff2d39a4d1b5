import { createContext, useContext, type ReactNode } from 'react';
import type { PageData } from '../shared/schemas/page-payload';

const CurrentPage = createContext<PageData | null>(null);

/** The page being rendered, for blocks that need more than their value (current path, loader data). */
export function CurrentPageProvider({ page, children }: { page: PageData; children: ReactNode }) {
  return <CurrentPage.Provider value={page}>{children}</CurrentPage.Provider>;
}

export const useCurrentPage = () => useContext(CurrentPage);
/** The current page's path ('' outside a page), for aria-current. */
export const useCurrentPath = () => useContext(CurrentPage)?.url ?? '';
