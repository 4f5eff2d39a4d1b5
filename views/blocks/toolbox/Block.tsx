import type { BlockData } from '../../../shared/schemas/page-payload';
import { useCurrentPage } from '../../current-page';
import type { BlockProps } from '../define';
import { useNestedBody } from '../nested-body';
import type { ToolboxValue } from './schema';

/** The included toolbox's blocks; nothing when the toolbox no longer exists. */
export function ToolboxBlock({ value }: BlockProps<ToolboxValue>) {
  const page = useCurrentPage();
  const renderBody = useNestedBody();
  // Written by our own server (toolboxExtra), already cleaned block by block.
  const toolboxes = (page?.extra.toolboxes ?? {}) as Record<string, { blocks: BlockData[] } | undefined>;
  const toolbox = toolboxes[String(value.toolbox)];
  if (!toolbox) return null;
  return (
    <div className="block-toolbox" data-block-type="toolbox">
      {renderBody(toolbox.blocks)}
    </div>
  );
}
