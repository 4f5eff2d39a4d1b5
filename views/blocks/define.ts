import type { ComponentType } from 'react';
import type * as z from 'zod';

/** Admin editing metadata, read by the back office's block editor. */
export type BlockMeta = {
  label: string;
  icon?: string;
  /** Per-field label and help text; fields not listed use their name. */
  fields?: Record<string, { label?: string; helpText?: string; widget?: string }>;
};

/** A block's server-side description: its schema (which also cleans values) and editor metadata. */
export type BlockSchemaDefinition<S extends z.ZodType = z.ZodType> = {
  type: string;
  schema: S;
  meta: BlockMeta;
  /** A valid example value, used by the block gallery and tests. */
  demo: z.input<S>;
  /**
   * What the block references that the generic walk cannot see (server/modules/references/
   * block-references.ts finds `image_id`, `page_id`, `document_id`, `media_id`, snippets and rich
   * text page links by itself): page chooser links, embed URLs.
   */
  references?: (value: z.output<S>) => BlockReference[];
};

/** One thing a block value references; `path` is relative to the block's value. */
export type BlockReference = {
  model: string;
  id: string | number;
  path: ReadonlyArray<string | number>;
  label?: string;
};

export type BlockProps<V> = { id: string; value: V };
export type BlockComponent<V = any> = ComponentType<BlockProps<V>>;

export function defineBlockSchema<S extends z.ZodType>(definition: BlockSchemaDefinition<S>): BlockSchemaDefinition<S> {
  return definition;
}
