import * as z from 'zod';
import { imageSchema } from '../../../shared/schemas/media';
import { demoImage } from '../demo-images';
import { defineBlockSchema } from '../define';

export const featureImageSchema = z.object({ image: imageSchema, caption: z.string().trim().max(300).default('') });
export type FeatureImageValue = z.output<typeof featureImageSchema>;

export const featureImageBlock = defineBlockSchema({
  type: 'feature_image',
  schema: featureImageSchema,
  meta: { label: 'Feature image', fields: { image: { label: 'Image', widget: 'image_chooser' } } },
  demo: {
    image: demoImage('dock-hero', 'Fishing boats at the Harborline dock at dawn'),
    caption: 'Our boats come in before dawn.',
  },
});
