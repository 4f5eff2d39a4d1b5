import * as z from 'zod';
import { backgroundStyleSchema, linkSchema } from '../../../shared/schemas/content';
import { demoImage } from '../demo-images';
import { defineBlockSchema } from '../define';
import { fullWidthMediaItemSchema, mediaItemReferences } from '../full-width-media/schema';
import { richHtml } from '../rich-html';

export const fullWidthMediaCtaSchema = z.object({
  media: fullWidthMediaItemSchema,
  heading: z.string().trim().min(1).max(160),
  copy: richHtml(5000),
  link: linkSchema,
  fineprint: richHtml(5000),
  background_style: backgroundStyleSchema,
});
export type FullWidthMediaCtaValue = z.output<typeof fullWidthMediaCtaSchema>;

export const fullWidthMediaCtaBlock = defineBlockSchema({
  type: 'full_width_media_cta',
  schema: fullWidthMediaCtaSchema,
  meta: {
    label: 'Full-width media with call to action and fineprint',
    fields: {
      link: { label: 'Call to action', widget: 'link' },
      fineprint: { label: 'Fineprint', widget: 'rich_text' },
    },
  },
  references: (value) => mediaItemReferences(value.media),
  demo: {
    media: { kind: 'image', image: demoImage('crab-legs', 'Snow crab legs on ice') },
    heading: 'Crab Season Is Here',
    copy: '<p>All the snow crab you can crack, for a limited time.</p>',
    link: { url: '/specials/', display_name: 'See the Specials', link_type: 'internal', link_style: 'primary' },
    fineprint: '<p>At participating restaurants. Prices and participation may vary.</p>',
    background_style: 'lobster',
  },
});
