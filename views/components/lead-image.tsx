import { createContext, useContext } from 'react';

/**
 * True inside the block that holds a page's first image (BlockBody with `lead`): its images are
 * the likeliest largest paint on a phone, so they load eagerly with high priority instead of
 * lazily. Computed from the page data alone, so server and browser agree when hydrating.
 */
export const LeadImage = createContext(false);
export const useLeadImage = () => useContext(LeadImage);

/** Whether a block's value holds an image (an object with renditions), at any depth. */
export function holdsImage(value: unknown, depth = 0): boolean {
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsImage(item, depth + 1));
  if (Array.isArray((value as { renditions?: unknown }).renditions)) return true;
  return Object.values(value).some((child) => holdsImage(child, depth + 1));
}
