import * as z from 'zod';
import { defineBlockSchema } from '../define';

/**
 * Includes a toolbox snippet (a named list of blocks, /wagtail/snippets/core/toolbox/). The block
 * holds only the toolbox's id: the server puts the toolbox's current blocks into
 * page.extra.toolboxes on every render (server/modules/snippets/toolbox-extra.ts), so editing the
 * toolbox changes every page that includes it.
 */
export const toolboxSchema = z.object({ toolbox: z.number().int().min(1).max(2_147_483_647) });
export type ToolboxValue = z.output<typeof toolboxSchema>;

export const toolboxBlock = defineBlockSchema({
  type: 'toolbox',
  schema: toolboxSchema,
  meta: {
    label: 'Toolbox',
    fields: {
      toolbox: { label: 'Toolbox', helpText: 'Reusable content from Snippets › Toolboxes.', widget: 'snippet_chooser' },
    },
  },
  // The seed's first toolbox (server/seed/toolboxes.ts).
  demo: { toolbox: 1 },
  // The reference index: a page including a toolbox is listed in the toolbox's usage.
  references: (value) => [{ model: 'snippets.core.toolbox', id: value.toolbox, path: ['toolbox'] }],
});
