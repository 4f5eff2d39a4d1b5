import * as z from 'zod';
import { imageSchema } from '../../../shared/schemas/media';
import { demoImage } from '../demo-images';
import { defineBlockSchema } from '../define';
import { richHtml } from '../rich-html';

export const contentGridSchema = z.object({
  heading: z.string().trim().max(160).default(''),
  items: z
    .array(z.object({ image: imageSchema, content: richHtml() }))
    .min(1)
    .max(24),
});

export type ContentGridValue = z.output<typeof contentGridSchema>;

export const contentGridBlock = defineBlockSchema({
  type: 'content_grid',
  schema: contentGridSchema,
  meta: { label: 'Content grid', fields: { items: { label: 'Items' } } },
  demo: {
    heading: 'Catch of the Season',
    items: [
      {
        image: demoImage('salmon', 'Wood-grilled salmon'),
        content: '<h3>Wood-Grilled Salmon</h3><p>Brushed with maple glaze over an oak fire.</p>',
      },
      {
        image: demoImage('lobster-roll', 'A lobster roll'),
        content: '<h3>Lobster Roll</h3><p>Chilled Maine lobster on a toasted roll.</p>',
      },
      {
        image: demoImage('crab-legs', 'Snow crab legs'),
        content: '<h3>Snow Crab Legs</h3><p>A full pound, steamed and served with butter.</p>',
      },
    ],
  },
});
