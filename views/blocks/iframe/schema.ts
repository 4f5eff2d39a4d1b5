import * as z from 'zod';
import { isAllowedEmbedUrl } from '../../../shared/embeds/allow-list';
import { defineBlockSchema } from '../define';

/** An https URL on one of the configured embed hosts (EMBED_ALLOWED_HOSTS), checked on save and render. */
export const embedUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine(isAllowedEmbedUrl, { message: 'must be an https URL on an allowed embed host (EMBED_ALLOWED_HOSTS)' });

export const iframeSchema = z.object({
  title: z.string().trim().min(1).max(200),
  url: embedUrlSchema,
  /** Shown instead of `url` below the 840px breakpoint. */
  mobile_url: embedUrlSchema.optional(),
  height: z.number().int().min(100).max(3000).default(600),
  mobile_height: z.number().int().min(100).max(3000).optional(),
});

export type IframeValue = z.output<typeof iframeSchema>;

export const iframeBlock = defineBlockSchema({
  type: 'iframe',
  schema: iframeSchema,
  meta: {
    label: 'Iframe',
    fields: {
      title: { label: 'Title', helpText: 'Describes the frame to screen-reader users.' },
      url: { label: 'URL', helpText: 'Only hosts on the embed allow-list are accepted.' },
      mobile_url: { label: 'Mobile URL', helpText: 'Used on screens narrower than 840px.' },
      height: { label: 'Height (px)' },
    },
  },
  references: (value) => [
    { model: 'wagtailembeds.embed', id: value.url, path: ['url'], label: value.title },
    ...(value.mobile_url
      ? [{ model: 'wagtailembeds.embed', id: value.mobile_url, path: ['mobile_url'], label: value.title }]
      : []),
  ],
  demo: {
    title: 'Harborline Seafood: from dock to table',
    url: 'https://www.youtube-nocookie.com/embed/harborline-desktop',
    mobile_url: 'https://www.youtube-nocookie.com/embed/harborline-mobile',
    height: 480,
    mobile_height: 260,
  },
});
