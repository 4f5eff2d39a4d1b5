import * as z from 'zod';
import { sanitizeRichText } from '../../../shared/rich-text/sanitize';
import { defineBlockSchema } from '../define';

export const richTextSchema = z.object({
  html: z.string().max(200_000).transform(sanitizeRichText),
  alignment: z.enum(['left', 'centered', 'right']).default('left'),
  container: z.enum(['full', 'twoThirds', 'half']).default('full'),
});

export type RichTextValue = z.output<typeof richTextSchema>;

export const richTextBlock = defineBlockSchema({
  type: 'rich_text',
  schema: richTextSchema,
  meta: { label: 'Rich text', fields: { html: { label: 'Text', widget: 'rich_text' } } },
  demo: {
    html: '<p>Our boats come in before dawn, and by lunch the catch is on your plate. <a href="/locations/">Find a restaurant</a> near you.</p>',
    alignment: 'left',
    container: 'twoThirds',
  },
});
