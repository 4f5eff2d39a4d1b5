import * as z from 'zod';
import { backgroundStyleSchema } from '../../../shared/schemas/content';
import { richHtml } from '../rich-html';
import { defineBlockSchema } from '../define';

/** Spec section 3: content and background_style (default 'lobster'). */
export const alertSchema = z.object({ content: richHtml(5000), background_style: backgroundStyleSchema });
export type AlertValue = z.output<typeof alertSchema>;

export const alertBlock = defineBlockSchema({
  type: 'alert',
  schema: alertSchema,
  meta: {
    label: 'Alert',
    fields: {
      content: { label: 'Content', widget: 'rich_text' },
      background_style: { label: 'Background style', widget: 'select' },
    },
  },
  demo: {
    content:
      '<p><strong>Now open:</strong> our new Halifax waterfront restaurant. <a href="/locations/">See hours</a>.</p>',
    background_style: 'lobster',
  },
});
