import * as z from 'zod';
import { defineBlockSchema } from '../define';

export const headingSchema = z.object({
  text: z.string().trim().min(1).max(200),
  level: z.enum(['h2', 'h3', 'h4']).default('h2'),
  /** The nautical rope rule under the heading. */
  rope: z.boolean().default(false),
  alignment: z.enum(['left', 'centered']).default('centered'),
});

export type HeadingValue = z.output<typeof headingSchema>;

export const headingBlock = defineBlockSchema({
  type: 'heading',
  schema: headingSchema,
  meta: {
    label: 'Heading',
    fields: { level: { label: 'Level', widget: 'select' }, rope: { label: "'Rope' style", widget: 'checkbox' } },
  },
  demo: { text: 'Fresh From the Dock', level: 'h2', rope: true, alignment: 'centered' },
});
