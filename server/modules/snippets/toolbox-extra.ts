import type { Db } from '../../db';
import type { Logger } from '../../logger';
import type { BlockData } from '../../../shared/schemas/page-payload';
import { cleanBlocks, type ContentProblem } from '../pages/content';
import { findToolboxes } from './service';
import { tableMemoFor } from '../../cache/table-memo';
import { oncePerObject } from '../../../shared/memo/once-per-object';

/** The toolbox ids a content's blocks include (toolbox blocks at any depth of the stream fields). */
export function toolboxIdsIn(content: unknown): number[] {
  if (typeof content === 'object' && content !== null && !Array.isArray(content)) {
    // Page content is a fresh object per render over the same (memoised) field values: each
    // field's ids are found once.
    const ids = new Set<number>();
    for (const field of Object.values(content)) for (const id of fieldToolboxIds(field)) ids.add(id);
    return [...ids].slice(0, 50);
  }
  return walkToolboxIds(content);
}

const idsOfField = oncePerObject((field: object) => walkToolboxIds(field, 1));
function fieldToolboxIds(field: unknown): number[] {
  return typeof field === 'object' && field !== null ? idsOfField(field) : [];
}

function walkToolboxIds(content: unknown, startDepth = 0): number[] {
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
  walk(content, startDepth);
  return [...ids].slice(0, 50);
}

/**
 * `page.extra.toolboxes` for pages that include toolboxes: each toolbox's current blocks, cleaned
 * block by block like page content. A toolbox inside a toolbox is not expanded (no loops).
 */
export async function toolboxExtra(
  db: Db,
  logger: Logger,
  content: Record<string, unknown>,
): Promise<{ toolboxes?: Record<string, { name: string; blocks: BlockData[] }> }> {
  const ids = toolboxIdsIn(content);
  if (ids.length === 0) return {};
  const toolboxes: Record<string, { name: string; blocks: BlockData[] }> = {};
  const rows = await tableMemoFor(db).read(`toolboxes ${ids.join(',')}`, ['snippet_toolboxes'], () =>
    findToolboxes(db, ids),
  );
  for (const row of rows) {
    const { blocks, problems } = cleanedToolbox(row.blocks);
    for (const problem of problems)
      logger.warn({ toolboxId: row.id, ...problem }, 'toolbox block failed its schema; rendering without it');
    toolboxes[String(row.id)] = { name: row.name, blocks };
  }
  return { toolboxes };
}

/**
 * A toolbox's blocks cleaned (schemas, rich text sanitised), once per row object: the memo
 * (server/cache/table-memo.ts) hands out the same, never-changed row until the table is written,
 * so an uncached render does not clean the same blocks again. Problems are reported on every use.
 */
function cleanToolbox(raw: unknown): { blocks: BlockData[]; problems: ContentProblem[] } {
  const problems: ContentProblem[] = [];
  const blocks = cleanBlocks('blocks', raw, (problem) => problems.push(problem)).filter(
    (block) => block.type !== 'toolbox',
  );
  return { blocks, problems };
}
const cleanedToolboxRow = oncePerObject((raw: object) => cleanToolbox(raw));
function cleanedToolbox(raw: unknown): { blocks: BlockData[]; problems: ContentProblem[] } {
  return typeof raw === 'object' && raw !== null ? cleanedToolboxRow(raw) : cleanToolbox(raw);
}
