import { createContext, useContext, type ReactNode } from 'react';

/** What a part is of: one data object can back several (a header section: its desktop panel and its burger section). */
export type PartKind = 'footer-columns' | 'footer-social' | 'nav-panel' | 'burger-section' | 'burger-social';

/** Server only: the markup of a part, rendered once before for this data object and the page's language. */
export type PartLookup = (kind: PartKind, key: object) => string | undefined;

const PrerenderedParts = createContext<PartLookup | null>(null);

export const PrerenderedPartsProvider = PrerenderedParts.Provider;

/**
 * The props that fill an element whose children depend only on a shared data object and the
 * language: on the server, the markup rendered once for that object (the stream would otherwise
 * write each of its tags, attributes and texts piece by piece on every page); in the browser, or
 * when there is no such markup, the children themselves, which hydrate against exactly those
 * nodes because the markup is React's own rendering of them.
 */
export function usePartContent(kind: PartKind, key: object, children: () => ReactNode): { children?: ReactNode; dangerouslySetInnerHTML?: { __html: string } } {
  const html = useContext(PrerenderedParts)?.(kind, key);
  return html === undefined ? { children: children() } : { dangerouslySetInnerHTML: { __html: html } };
}
