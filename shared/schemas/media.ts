import * as z from 'zod';
import { safeUrlSchema } from './content';

/** One rendition of an image (spec section 3): a URL at a width, with its byte size and type. */
export const renditionSchema = z.object({
  url: safeUrlSchema,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  size: z.number().int().nonnegative(),
  mimetype: z.enum(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/svg+xml', 'image/gif']),
});

/**
 * An image as blocks carry it (spec section 3): renditions, default alt text, optional imageData.
 * `image_id` points at the images table when the image came from the library.
 */
export const imageSchema = z
  .object({
    image_id: z.number().int().positive().optional(),
    renditions: z.array(renditionSchema).min(1),
    default_alt_text: z.string().max(400).default(''),
    imageData: z
      .object({ title: z.string().optional(), focal_point: z.tuple([z.number(), z.number()]).optional() })
      .optional(),
  })
  // Every image field of every block is chosen from the image library in the block editor, and a
  // new block starts with none chosen (client/admin/editor/json-schema.ts emptyValue).
  .meta({ 'x-widget': 'image_chooser' });
export type Image = z.output<typeof imageSchema>;
export type Rendition = z.output<typeof renditionSchema>;

/**
 * A video (spec section 3): sources, poster, title and text tracks. `media_id` points at the
 * videos table when the video came from the library (the reference index and usage find it).
 */
export const videoSchema = z
  .object({
    media_id: z.number().int().positive().optional(),
    sources: z.array(z.object({ url: safeUrlSchema, mimetype: z.string().regex(/^video\/[\w.+-]+$/) })).min(1),
    poster: imageSchema.optional(),
    title: z.string().max(200).default(''),
    tracks: z
      .array(
        z.object({
          kind: z.enum(['subtitles', 'captions', 'descriptions', 'chapters', 'metadata']),
          src: safeUrlSchema,
          srclang: z.string().min(2).max(10),
          sort_order: z.number().int().default(0),
          label: z.string().default(''),
          srclang_name: z.string().default(''),
          kind_name: z.string().default(''),
          /** The track a player shows unless the viewer picks another. */
          default: z.boolean().default(false),
        }),
      )
      .default([]),
  })
  // Every video field of every block is chosen from the video library in the block editor.
  .meta({ 'x-widget': 'video_chooser' });
export type Video = z.output<typeof videoSchema>;
