import * as z from 'zod';
import { imageSchema } from '../../../shared/schemas/media';
import { demoImage } from '../demo-images';
import { defineBlockSchema } from '../define';

/** Guests' photos with an invitation to tag the chain on Instagram (spec section 2). */
export const socialGridSchema = z.object({
  heading: z.string().trim().max(200).default('Share Your Catch'),
  handle: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._]{1,30}$/, 'an Instagram handle without @'),
  hashtag: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]{1,60}$/, 'a hashtag without #')
    .optional(),
  images: z.array(imageSchema).max(12).default([]),
});
export type SocialGridValue = z.output<typeof socialGridSchema>;

export const socialGridBlock = defineBlockSchema({
  type: 'social_grid',
  schema: socialGridSchema,
  meta: {
    label: 'Social grid',
    fields: {
      handle: { label: 'Instagram handle' },
      hashtag: { label: 'Hashtag' },
      images: { label: 'Images', widget: 'image_chooser' },
    },
  },
  demo: {
    heading: 'Share Your Catch',
    handle: 'harborline.example',
    hashtag: 'HarborlineCatch',
    images: [
      demoImage('lobster-roll', 'A guest photo of a lobster roll'),
      demoImage('rolls', 'A guest photo of sea-salt rolls'),
      demoImage('crab-legs', 'A guest photo of crab legs'),
    ],
  },
});
