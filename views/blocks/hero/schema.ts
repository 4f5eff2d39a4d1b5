import * as z from 'zod';
import { backgroundStyleSchema, linkSchema } from '../../../shared/schemas/content';
import { defineBlockSchema } from '../define';

export const heroSchema = z.object({
  heading: z.string().trim().min(1).max(160),
  subheading: z.string().trim().max(400).default(''),
  background_style: backgroundStyleSchema,
  link: linkSchema.optional(),
});

export type HeroValue = z.output<typeof heroSchema>;

export const heroBlock = defineBlockSchema({
  type: 'hero',
  schema: heroSchema,
  meta: { label: 'Hero', fields: { background_style: { label: 'Background style', widget: 'select' } } },
  demo: {
    heading: 'Seafood Worth the Trip',
    subheading: 'Wood-grilled fish, hand-picked crab and lobster, served by people who love the sea.',
    background_style: 'lighthouse',
    link: { url: '/locations/', display_name: 'Find a Restaurant', link_type: 'internal', link_style: 'primary' },
  },
});
