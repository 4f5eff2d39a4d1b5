import * as z from 'zod';
import { imageSchema } from '../../../shared/schemas/media';
import { demoImage } from '../demo-images';
import { richHtml } from '../rich-html';
import { defineBlockSchema } from '../define';

/** Spec section 3: events with a year and content (copy or image), plus header, footer and layout. */
export const timelineEventSchema = z.object({
  year: z
    .string()
    .trim()
    .regex(/^\d{4}s?$/, 'a year such as 1978 or 1980s'),
  content: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('copy'), html: richHtml(5000) }),
    z.object({ kind: z.literal('image'), image: imageSchema }),
  ]),
});

export const timelineSchema = z.object({
  header: richHtml(5000).default(''),
  footer: richHtml(5000).default(''),
  layout: z.enum(['alternating', 'single-column']).default('alternating'),
  events: z.array(timelineEventSchema).min(1).max(60),
});
export type TimelineValue = z.output<typeof timelineSchema>;

export const timelineBlock = defineBlockSchema({
  type: 'timeline',
  schema: timelineSchema,
  meta: { label: 'Timeline', fields: { layout: { label: 'Layout', widget: 'select' }, events: { label: 'Events' } } },
  demo: {
    header: '<h2>Our Story</h2>',
    footer: '<p>And we are just getting started.</p>',
    layout: 'alternating',
    events: [
      {
        year: '1978',
        content: { kind: 'copy', html: '<p>The first Harborline opens on the Portland waterfront.</p>' },
      },
      { year: '1992', content: { kind: 'image', image: demoImage('rolls', 'The original roll recipe card') } },
      {
        year: '2015',
        content: { kind: 'copy', html: '<p>Harborline crosses the border with its first Canadian restaurant.</p>' },
      },
    ],
  },
});
