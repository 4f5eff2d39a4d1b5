import { createContext, use } from 'react';

/** What a part is of. */
export type PartKind = 'footer-columns' | 'footer-social' | 'desktop-nav' | 'burger-section' | 'burger-social' | 'main';

/** Server only: the inner markup of a part, rendered once before for this data object and the page's language (it may be asked twice: a 'main' part's image preloads are made again, which React dedupes). */
export type PartLookup = (kind: PartKind, key: object) => string | undefined;

/**
 * Parts of the page whose children depend only on a shared data object (snippet content) and the
 * language, rendered once by the server (server/ssr/chrome-parts.tsx): a component that finds its
 * part writes it as one piece instead of each tag, attribute and text. Only the server provides
 * it, and only the server looks: the browser bundle defines process.env.BROWSER_BUNDLE
 * (scripts/build-assets.ts), which drops those paths, and renders the children, which hydrate
 * against exactly those nodes because the markup is React's own rendering of them.
 */
export const PrerenderedParts = /* @__PURE__ */ createContext<PartLookup | null>(null);

/** The part for this data object, if the server rendered one before. Server only: call it behind process.env.BROWSER_BUNDLE !== '1'. */
export function usePart(kind: PartKind, key: object): string | undefined {
  return use(PrerenderedParts)?.(kind, key);
}
