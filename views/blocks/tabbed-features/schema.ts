import * as z from 'zod';
import { linkSchema } from '../../../shared/schemas/content';
import { imageSchema } from '../../../shared/schemas/media';
import { demoImage } from '../demo-images';
import { richHtml } from '../rich-html';
import { defineBlockSchema } from '../define';

export const tabbedFeaturesSchema = z.object({
  heading: z.string().trim().max(200).default(''),
  tabs: z
    .array(
      z.object({
        label: z.string().trim().min(1).max(60),
        heading: z.string().trim().max(200).default(''),
        copy: richHtml(10_000),
        image: imageSchema.optional(),
        link: linkSchema.optional(),
      }),
    )
    .min(2)
    .max(8),
});
export type TabbedFeaturesValue = z.output<typeof tabbedFeaturesSchema>;

export const tabbedFeaturesBlock = defineBlockSchema({
  type: 'tabbed_features',
  schema: tabbedFeaturesSchema,
  meta: {
    label: 'Tabbed features',
    fields: { tabs: { label: 'Tabs', helpText: 'Tabs stack vertically on narrow screens.' } },
  },
  demo: {
    heading: 'Something for Everyone',
    tabs: [
      {
        label: 'Lunch',
        heading: 'Lunch Specials',
        copy: '<p>Weekday lunch plates from $11.99.</p>',
        image: demoImage('salmon', 'A lunch plate of salmon'),
      },
      {
        label: 'Dinner',
        heading: 'Dinner Favourites',
        copy: '<p>Crab, lobster and the catch of the day.</p>',
        image: demoImage('crab-legs', 'Snow crab legs'),
      },
      { label: 'Kids', heading: 'For Little Sailors', copy: '<p>Kids eat free on Tuesdays with an adult entrée.</p>' },
    ],
  },
});
