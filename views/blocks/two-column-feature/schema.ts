import * as z from 'zod';
import { linkSchema } from '../../../shared/schemas/content';
import { imageSchema } from '../../../shared/schemas/media';
import { demoImage } from '../demo-images';
import { richHtml } from '../rich-html';
import { defineBlockSchema } from '../define';

/** An image beside copy with optional links; the image can sit on either side. */
export const twoColumnFeatureSchema = z.object({
  heading: z.string().trim().min(1).max(200),
  copy: richHtml(10_000),
  image: imageSchema,
  image_position: z.enum(['left', 'right']).default('left'),
  links: z.array(linkSchema).max(3).default([]),
});
export type TwoColumnFeatureValue = z.output<typeof twoColumnFeatureSchema>;

export const twoColumnFeatureBlock = defineBlockSchema({
  type: 'two_column_feature',
  schema: twoColumnFeatureSchema,
  meta: {
    label: 'Two-column feature',
    fields: {
      image: { label: 'Image', widget: 'image_chooser' },
      image_position: { label: 'Image side', widget: 'select' },
      copy: { widget: 'rich_text' },
    },
  },
  demo: {
    heading: 'Wood-Grilled, Every Day',
    copy: '<p>Our grills burn oak, so every fillet gets a gentle smoke before it reaches your table.</p>',
    image: demoImage('salmon', 'Salmon fillet on an oak-fired grill'),
    image_position: 'left',
    links: [{ url: '/menu/', display_name: 'See the Menu', link_type: 'internal', link_style: 'primary' }],
  },
});
