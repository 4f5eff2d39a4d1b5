import * as z from 'zod';
import { imageSchema, videoSchema } from '../../../shared/schemas/media';
import { demoVideo } from '../demo-images';
import { defineBlockSchema, type BlockReference } from '../define';
import { embedUrlSchema } from '../iframe/schema';

/** Image, video (with play/pause) or an embed on an allowed host. */
export const fullWidthMediaItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('image'), image: imageSchema }),
  z.object({ kind: z.literal('video'), video: videoSchema }),
  z.object({ kind: z.literal('embed'), url: embedUrlSchema, title: z.string().trim().min(1).max(200) }),
]);

/** An embed item references its URL (the reference index and the embeds screen). */
export function mediaItemReferences(media: FullWidthMediaItem): BlockReference[] {
  return media.kind === 'embed'
    ? [{ model: 'wagtailembeds.embed', id: media.url, path: ['media', 'url'], label: media.title }]
    : [];
}

export const fullWidthMediaSchema = z.object({ media: fullWidthMediaItemSchema });
export type FullWidthMediaValue = z.output<typeof fullWidthMediaSchema>;
export type FullWidthMediaItem = z.output<typeof fullWidthMediaItemSchema>;

export const fullWidthMediaBlock = defineBlockSchema({
  type: 'full_width_media',
  schema: fullWidthMediaSchema,
  meta: {
    label: 'Full-width media',
    fields: { media: { label: 'Media', helpText: 'An image, a video or an embed.' } },
  },
  references: (value) => mediaItemReferences(value.media),
  demo: {
    media: {
      kind: 'video',
      video: demoVideo('dock-morning', { poster: true }),
    },
  },
});
