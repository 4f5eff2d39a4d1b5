import * as z from 'zod';
import { richHtml } from '../rich-html';
import { defineBlockSchema } from '../define';

/** The e-mail unsubscribe form; it posts to POST /api/fcc/unsubscribe/ (server/modules/forms/routes.ts). */
export const unsubscribeSchema = z.object({
  heading: z.string().trim().min(1).max(200).default('Unsubscribe'),
  intro: richHtml(5000).default(''),
  submit_label: z.string().trim().min(1).max(40).default('Unsubscribe'),
});
export type UnsubscribeValue = z.output<typeof unsubscribeSchema>;

export const unsubscribeBlock = defineBlockSchema({
  type: 'unsubscribe',
  schema: unsubscribeSchema,
  meta: {
    label: 'Unsubscribe',
    fields: { intro: { label: 'Introduction', widget: 'rich_text' }, submit_label: { label: 'Button label' } },
  },
  demo: {
    heading: 'Unsubscribe From Fresh Catch News',
    intro: '<p>Enter your e-mail address and we will stop sending you offers.</p>',
    submit_label: 'Unsubscribe',
  },
});
