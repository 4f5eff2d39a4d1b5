import * as z from 'zod';
import { GRID_COLUMNS } from './constants';
import { imageSchema, videoSchema } from '../../../shared/schemas/media';
import { demoImage, demoVideo } from '../demo-images';
import { defineBlockSchema } from '../define';

/** Spec section 9: rows fill to at most 12 columns, and a tile's width defaults to 12. */

const width = z.number().int().min(1).max(GRID_COLUMNS).default(GRID_COLUMNS);

export const mediaTileSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('image'), width, image: imageSchema }),
  /** A looping, muted background video: plays only while visible, with a Pause/Play button. */
  z.object({ kind: z.literal('background_video'), width, video: videoSchema }),
  /** A video with controls, loaded only when played. */
  z.object({ kind: z.literal('video'), width, video: videoSchema }),
]);
export type MediaTile = z.output<typeof mediaTileSchema>;

export const mediaGridSchema = z.object({
  heading: z.string().trim().max(200).default(''),
  tiles: z.array(mediaTileSchema).min(1).max(24),
});
export type MediaGridValue = z.output<typeof mediaGridSchema>;

export const mediaGridBlock = defineBlockSchema({
  type: 'media_grid',
  schema: mediaGridSchema,
  meta: {
    label: 'Media grid',
    fields: {
      tiles: { label: 'Tiles', helpText: 'Images and videos. Width is in twelfths of a row; a row holds at most 12.' },
    },
  },
  demo: {
    heading: 'From Our Kitchens',
    tiles: [
      { kind: 'image', width: 8, image: demoImage('lobster-roll', 'A lobster roll on a toasted bun') },
      { kind: 'image', width: 4, image: demoImage('rolls', 'A basket of sea-salt rolls') },
      { kind: 'image', width: 6, image: demoImage('salmon', 'Wood-grilled salmon') },
      { kind: 'image', width: 6, image: demoImage('crab-legs', 'Snow crab legs') },
      { kind: 'image', image: demoImage('dock-hero', 'The Harborline dock at dawn') },
      // A looping background video from the library.
      { kind: 'background_video', video: demoVideo('dock-morning', { poster: true }) },
    ],
  },
});
