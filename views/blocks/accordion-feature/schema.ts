import * as z from 'zod';
import { imageSchema } from '../../../shared/schemas/media';
import { demoImage } from '../demo-images';
import { defineBlockSchema } from '../define';
import { richHtml } from '../rich-html';

export const accordionFeatureSchema = z.object({
  heading: z.string().trim().max(160).default(''),
  default_content: richHtml().refine((html) => html.length > 0, 'Required'),
  hidden_content: richHtml().refine((html) => html.length > 0, 'Required'),
  image: imageSchema.optional(),
});

export type AccordionFeatureValue = z.output<typeof accordionFeatureSchema>;

export const accordionFeatureBlock = defineBlockSchema({
  type: 'accordion_feature',
  schema: accordionFeatureSchema,
  meta: {
    label: 'Accordion feature',
    fields: {
      default_content: { label: 'Always shown', widget: 'rich_text' },
      hidden_content: { label: 'Shown on "Read More"', widget: 'rich_text' },
      image: { label: 'Image', widget: 'image_chooser', helpText: 'Optional, shown beside the text.' },
    },
  },
  demo: {
    heading: 'Our Seafood Promise',
    default_content: '<p>Every fillet we serve is traceable to the boat that caught it.</p>',
    hidden_content:
      '<p>We buy from fisheries that follow science-based quotas, and we publish our sourcing standards every year.</p>',
    image: demoImage('salmon', 'A wood-grilled salmon fillet'),
  },
});
