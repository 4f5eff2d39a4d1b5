import type { Db } from '../../db';
import type { Logger } from '../../logger';
import type { BlockData } from '../../../shared/schemas/page-payload';
import { cleanBlocks } from '../pages/content';
import { findToolboxes } from './service';
import { tableMemoFor } from '../../cache/table-memo';

/** The toolbox ids a content's blocks include (toolbox blocks at any depth of the stream fields). */
export function toolboxIdsIn(content: unknown): number[] {
  const ids = new Set<number>();
  const walk = (value: unknown, depth: number) => {
    if (depth > 12 || typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    const block = value as { type?: unknown; value?: { toolbox?: unknown } };
    if (block.type === 'toolbox' && typeof block.value?.toolbox === 'number') ids.add(block.value.toolbox);
    for (const child of Object.values(value)) walk(child, depth + 1);
  };
  walk(content, 0);
  return [...ids].slice(0, 50);
}

/**
 * `page.extra.toolboxes` for pages that include toolboxes: each toolbox's current blocks, cleaned
 * block by block like page content. A toolbox inside a toolbox is not expanded (no loops).
 */
export async function toolboxExtra(db: Db, logger: Logger, content: Record<string, unknown>): Promise<{ toolboxes?: Record<string, { name: string; blocks: BlockData[] }> }> {
  const ids = toolboxIdsIn(content);
  if (ids.length === 0) return {};
  const toolboxes: Record<string, { name: string; blocks: BlockData[] }> = {};
  const rows = await tableMemoFor(db).read(`toolboxes ${ids.join(',')}`, ['snippet_toolboxes'], () => findToolboxes(db, ids));
  for (const row of rows) {
    const blocks = cleanBlocks('blocks', row.blocks, (problem) => logger.warn({ toolboxId: row.id, ...problem }, 'toolbox block failed its schema; rendering without it'));
    toolboxes[String(row.id)] = { name: row.name, blocks: blocks.filter((block) => block.type !== 'toolbox') };
  }
  return { toolboxes };
}
