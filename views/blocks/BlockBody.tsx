import type { BlockData } from '../../shared/schemas/page-payload';
import { blockComponents } from './components';
import { NestedBodyProvider } from './nested-body';
import { SiblingBlocksProvider } from './sibling-blocks';

/**
 * Renders a body of blocks. The server already dropped blocks that are unknown or fail their
 * schema (server/modules/pages/blocks.ts), so every block here is valid.
 */
export function BlockBody({ blocks }: { blocks: BlockData[] }) {
  return (
    <NestedBodyProvider value={renderBody}>
      <SiblingBlocksProvider blocks={blocks}>
        {blocks.map((block) => {
          const Component = blockComponents[block.type];
          return Component ? <Component key={block.id} id={block.id} value={block.value} /> : null;
        })}
      </SiblingBlocksProvider>
    </NestedBodyProvider>
  );
}


const renderBody = (blocks: BlockData[]) => <BlockBody blocks={blocks} />;
