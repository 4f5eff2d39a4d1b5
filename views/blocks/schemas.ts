import type { BlockSchemaDefinition } from './define';
import { headingBlock } from './heading/schema';
import { heroBlock } from './hero/schema';
import { richTextBlock } from './rich-text/schema';

/**
 * Every block type's schema and editing metadata, keyed by block type. Server and back office
 * only: the public pages' browser code imports components.ts, never these schemas.
 */
export const blockSchemas: ReadonlyMap<string, BlockSchemaDefinition> = new Map(
  [headingBlock, richTextBlock, heroBlock].map((definition) => [definition.type, definition as BlockSchemaDefinition]),
);
