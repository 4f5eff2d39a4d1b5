import { createContext, useContext, type ReactNode } from 'react';
import type { BlockData } from '../../shared/schemas/page-payload';

type RenderBody = (blocks: BlockData[]) => ReactNode;

/**
 * Renders a body of blocks, for blocks that contain blocks (the toolbox). Handed down by
 * BlockBody through context because a block importing BlockBody would close an import cycle
 * (BlockBody -> components -> the block -> BlockBody).
 */
const NestedBody = createContext<RenderBody>(() => null);

export const NestedBodyProvider = NestedBody.Provider;
export const useNestedBody = () => useContext(NestedBody);
