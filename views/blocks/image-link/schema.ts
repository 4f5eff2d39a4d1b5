import * as z from 'zod';
import { linkSchema } from '../../../shared/schemas/content';
import { imageSchema } from '../../../shared/schemas/media';
import { demoImage } from '../demo-images';
import { defineBlockSchema } from '../define';

export const imageLinkSchema = z.object({ image: imageSchema, link: linkSchema });
export type ImageLinkValue = z.output<typeof imageLinkSchema>;

export const imageLinkBlock = defineBlockSchema({
  type: 'image_link',
  schema: imageLinkSchema,
  meta: {
    label: 'Image link',
    fields: {
      image: { label: 'Image', widget: 'image_chooser' },
      link: { label: 'Link', widget: 'link', helpText: 'Its display name is the alternative text.' },
    },
  },
  demo: {
    image: demoImage('lobster-roll', ''),
    link: { url: '/menu/', display_name: 'See Our Menu', link_type: 'internal', link_style: 'text' },
  },
});
