import type { BlockErrorSummaryView } from '../../../../../views/admin/BlockErrorSummary';

type StreamField = { name: string; label: string };
type Labels = ReadonlyMap<string, string>;

/** The id of a block card, the target of the summary's links (the card with JavaScript, its error group without). */
export const blockAnchorId = (blockId: string) => `block-card-${blockId}`;

/**
 * The body's errors ('body.3.value.text') grouped by block, in page order, for the summary at the
 * top of the form ("3 errors in 2 blocks"). `content` is what was typed (the blocks the paths
 * index); an error that names no block (the field as a whole) is not a block's.
 */
export function blockErrorSummary(
  streamFields: StreamField[],
  content: unknown,
  errors: Record<string, string>,
  labels: Labels,
): BlockErrorSummaryView | null {
  if (typeof content !== 'object' || content === null) return null;
  const blocks: BlockErrorSummaryView['blocks'] = [];
  for (const field of streamFields) {
    const list = (content as Record<string, unknown>)[field.name];
    if (!Array.isArray(list)) continue;
    list.forEach((block: unknown, index) => {
      const prefix = `${field.name}.${index}`;
      const blockErrors = Object.entries(errors)
        .filter(([path]) => path === prefix || path.startsWith(`${prefix}.`))
        .map(([path, message]) => ({ path, message }));
      if (blockErrors.length === 0) return;
      const { id, type } = (typeof block === 'object' && block !== null ? block : {}) as {
        id?: unknown;
        type?: unknown;
      };
      // Without an id the block has no card to point at: the link goes to the body field.
      const anchor = typeof id === 'string' && id !== '' ? blockAnchorId(id) : 'id_content_json';
      const typeLabel = typeof type === 'string' ? (labels.get(type) ?? type) : 'Block';
      blocks.push({ anchor, label: `${field.label}, block ${index + 1} (${typeLabel})`, errors: blockErrors });
    });
  }
  if (blocks.length === 0) return null;
  return { errorCount: blocks.reduce((sum, block) => sum + block.errors.length, 0), blocks };
}
