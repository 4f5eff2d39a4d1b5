import * as z from 'zod';
import { backgroundStyleSchema, linkSchema } from '../../../shared/schemas/content';
import { imageSchema } from '../../../shared/schemas/media';
import { demoImage } from '../demo-images';
import { richHtml } from '../rich-html';
import { defineBlockSchema } from '../define';

/** A page-top hero split in two: the title and call to action on a background style, an image beside. */
export const twoColumnHeroSchema = z.object({
  title: z.string().trim().min(1).max(200),
  copy: richHtml(5000).default(''),
  image: imageSchema,
  background_style: backgroundStyleSchema,
  cta: linkSchema.optional(),
});
export type TwoColumnHeroValue = z.output<typeof twoColumnHeroSchema>;

export const twoColumnHeroBlock = defineBlockSchema({
  type: 'two_column_hero',
  schema: twoColumnHeroSchema,
  meta: {
    label: 'Two-column hero',
    fields: {
      image: { label: 'Image', widget: 'image_chooser' },
      background_style: { label: 'Background style', widget: 'select' },
      copy: { widget: 'rich_text' },
    },
  },
  demo: {
    title: 'Lobster Season Is Here',
    copy: '<p>Maine lobster, steamed or grilled, for a limited time.</p>',
    image: demoImage('lobster-roll', 'A lobster roll with lemon'),
    background_style: 'lighthouse',
    cta: { url: '/menu/', display_name: 'Order Now', link_type: 'internal', link_style: 'primary' },
  },
});
