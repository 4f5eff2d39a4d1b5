import { z } from 'zod';
import { imageSchema, videoSchema } from '../../../shared/schemas/media';
import { demoImage, DEMO_VIDEO_SOURCES } from '../demo-images';
import { defineBlockSchema } from '../define';
import { embedUrlSchema } from '../iframe/schema';

/** Image, video (with play/pause) or an embed on an allowed host. */
export const fullWidthMediaItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('image'), image: imageSchema }),
  z.object({ kind: z.literal('video'), video: videoSchema }),
  z.object({ kind: z.literal('embed'), url: embedUrlSchema, title: z.string().trim().min(1).max(200) }),
]);

export const fullWidthMediaSchema = z.object({ media: fullWidthMediaItemSchema });
export type FullWidthMediaValue = z.output<typeof fullWidthMediaSchema>;
export type FullWidthMediaItem = z.output<typeof fullWidthMediaItemSchema>;

export const fullWidthMediaBlock = defineBlockSchema({
  type: 'full_width_media',
  schema: fullWidthMediaSchema,
  meta: { label: 'Full-width media', fields: { media: { label: 'Media', helpText: 'An image, a video or an embed.' } } },
  demo: {
    media: {
      kind: 'video',
      video: { sources: DEMO_VIDEO_SOURCES, poster: demoImage('dock-hero', 'The Harborline dock at dawn'), title: 'A Morning on the Dock', tracks: [] },
    },
  },
});
