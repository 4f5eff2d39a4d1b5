import { createContext, useContext, type ReactNode } from 'react';
import type { BlockData } from '../../shared/schemas/page-payload';

const SiblingBlocks = createContext<readonly BlockData[]>([]);

/** The body a block sits in, for blocks that summarise their siblings (the scroll-nav menu). */
export function SiblingBlocksProvider({ blocks, children }: { blocks: readonly BlockData[]; children: ReactNode }) {
  return <SiblingBlocks.Provider value={blocks}>{children}</SiblingBlocks.Provider>;
}

export const useSiblingBlocks = () => useContext(SiblingBlocks);
