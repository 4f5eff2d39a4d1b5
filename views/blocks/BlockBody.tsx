import type { BlockData } from '../../shared/schemas/page-payload';
import { holdsImage, LeadImage } from '../components/lead-image';
import { usePageContext } from '../page-context';
import { useBlockComponents } from './block-components';
import { NestedBodyProvider } from './nested-body';
import { SiblingBlocksProvider } from './sibling-blocks';

/**
 * Renders a body of blocks. The server already dropped blocks that are unknown or fail their
 * schema (server/modules/pages/blocks.ts), so every block here is valid.
 */
export function BlockBody({
  blocks,
  lead = false,
}: {
  blocks: BlockData[];
  /** The page's main body: its first image loads eagerly. */ lead?: boolean;
}) {
  const { isPreview } = usePageContext();
  const blockComponents = useBlockComponents();
  const leadIndex = lead ? blocks.findIndex((block) => holdsImage(block.value)) : -1;
  return (
    <NestedBodyProvider value={renderBody}>
      <SiblingBlocksProvider blocks={blocks}>
        {blocks.map((block, index) => {
          const Component = blockComponents[block.type];
          if (!Component) return null;
          const element = <Component key={block.id} id={block.id} value={block.value} />;
          const rendered =
            index === leadIndex ? (
              <LeadImage.Provider key={block.id} value={true}>
                {element}
              </LeadImage.Provider>
            ) : (
              element
            );
          // In a back-office preview only: a box-less wrapper naming the block, so the editor's
          // accessibility checks can say which block a problem is in. Public pages never have it.
          return isPreview ? (
            <div key={block.id} data-preview-block={block.id} style={{ display: 'contents' }}>
              {rendered}
            </div>
          ) : (
            rendered
          );
        })}
      </SiblingBlocksProvider>
    </NestedBodyProvider>
  );
}

const renderBody = (blocks: BlockData[]) => <BlockBody blocks={blocks} />;
