import * as z from 'zod';
import { safeUrlSchema } from '../../../shared/schemas/content';
import { imageSchema } from '../../../shared/schemas/media';
import { demoImage } from '../demo-images';
import { defineBlockSchema } from '../define';

/** Spec section 3: heading, fineprint, links (image, link url, display_name). */
export const linkRowSchema = z.object({
  heading: z.string().trim().max(200).default(''),
  fineprint: z.string().trim().max(1000).default(''),
  links: z
    .array(
      z.object({ image: imageSchema.optional(), url: safeUrlSchema, display_name: z.string().trim().min(1).max(120) }),
    )
    .min(1)
    .max(8),
});
export type LinkRowValue = z.output<typeof linkRowSchema>;

export const linkRowBlock = defineBlockSchema({
  type: 'link_row',
  schema: linkRowSchema,
  meta: {
    label: 'Link row',
    fields: {
      heading: { label: 'Heading' },
      fineprint: { label: 'Fineprint', helpText: 'Small print under the links.' },
      links: { label: 'Links', helpText: 'Each with an optional image.' },
    },
  },
  demo: {
    heading: 'Order Your Way',
    fineprint: 'Delivery fees and availability vary by restaurant.',
    links: [
      { image: demoImage('salmon', 'Wood-grilled salmon in a to-go box'), url: '/order/', display_name: 'To Go' },
      {
        image: demoImage('crab-legs', 'Snow crab legs on ice'),
        url: '/specials/',
        display_name: 'Specials',
      },
      { image: demoImage('rolls', 'A basket of sea-salt rolls'), url: '/catering/', display_name: 'Catering' },
    ],
  },
});
