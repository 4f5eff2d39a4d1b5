import * as z from 'zod';

/** The only widths a rendition may be requested at: a fixed list keeps the disk cache bounded. */
export const RENDITION_WIDTHS = [320, 480, 640, 960, 1280, 1600, 1920] as const;
export const RENDITION_FORMATS = ['avif', 'webp', 'jpeg', 'png'] as const;
export type RenditionFormat = (typeof RENDITION_FORMATS)[number];

export const RENDITION_MIMETYPES: Record<RenditionFormat, 'image/avif' | 'image/webp' | 'image/jpeg' | 'image/png'> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** The path parameters of /media/images/{id}/w{width}.{format}. */
export const renditionParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  width: z.coerce
    .number()
    .int()
    .refine(
      (width) => (RENDITION_WIDTHS as readonly number[]).includes(width),
      `must be one of ${RENDITION_WIDTHS.join(', ')}`,
    ),
  format: z.enum(RENDITION_FORMATS),
});
export type RenditionParams = z.output<typeof renditionParamsSchema>;

export const renditionUrl = (imageId: number, width: number, format: RenditionFormat) =>
  `/media/images/${imageId}/w${width}.${format}`;
