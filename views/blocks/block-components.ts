import { createContext, useContext } from 'react';
import type { BlockComponent } from './define';

/** Block type to its component: every type on the server, the page's own types in the browser. */
export type BlockComponents = Readonly<Record<string, BlockComponent>>;

/**
 * Handed down from the root rather than imported by BlockBody, so that a page's browser bundle
 * holds only the blocks it shows: the server provides them all (./components.ts), the browser the
 * ones it loaded before hydrating (client/block-loaders.ts).
 */
const BlockComponentsContext = createContext<BlockComponents | null>(null);

export const BlockComponentsProvider = BlockComponentsContext.Provider;

export function useBlockComponents(): BlockComponents {
  const components = useContext(BlockComponentsContext);
  if (!components) throw new Error('BlockBody needs a BlockComponentsProvider above it (views/App.tsx)');
  return components;
}

/** Every block type in a value (a page's content, blocks nested in blocks): what the browser must load. */
export function blockTypesIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) blockTypesIn(item, found);
  } else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    if (typeof record.type === 'string' && typeof record.id === 'string' && 'value' in record) found.add(record.type);
    for (const child of Object.values(record)) blockTypesIn(child, found);
  }
  return found;
}
