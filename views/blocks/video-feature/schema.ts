import * as z from 'zod';
import { imageSchema, videoSchema } from '../../../shared/schemas/media';
import { demoImage, demoVideo } from '../demo-images';
import { defineBlockSchema } from '../define';

/** A teaser (image, heading) whose Play button reveals the video; share links for two networks. */
export const videoFeatureSchema = z.object({
  heading: z.string().trim().min(1).max(200),
  description: z.string().trim().max(1000).default(''),
  image: imageSchema,
  video: videoSchema,
  share_url: z.url({ protocol: /^https?$/ }).optional(),
});
export type VideoFeatureValue = z.output<typeof videoFeatureSchema>;

export const videoFeatureBlock = defineBlockSchema({
  type: 'video_feature',
  schema: videoFeatureSchema,
  meta: {
    label: 'Video feature',
    fields: {
      image: { label: 'Teaser image', widget: 'image_chooser' },
      video: {
        label: 'Video',
        widget: 'video_chooser',
        helpText: 'A video of the library, with its poster and captions.',
      },
      share_url: {
        label: 'Share URL',
        helpText: 'The address shared on Facebook and Twitter; the page address when empty.',
      },
    },
  },
  demo: {
    heading: 'A Morning on the Dock',
    description: 'Ride along with our fishing partners as the day’s catch comes in.',
    image: demoImage('dock-hero', 'Boats at the Harborline dock'),
    // preload="none" in the component: nothing is fetched until the visitor presses Play.
    // The demo video of the library (its captions come with it); unresolved, the static clip.
    video: demoVideo('dock-morning'),
    share_url: 'https://www.harborline.example/our-story/',
  },
});
