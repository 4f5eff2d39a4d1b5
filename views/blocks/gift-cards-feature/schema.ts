import * as z from 'zod';
import { linkSchema } from '../../../shared/schemas/content';
import { imageSchema } from '../../../shared/schemas/media';
import { demoImage } from '../demo-images';
import { defineBlockSchema } from '../define';
import { richHtml } from '../rich-html';

export const giftCardsFeatureSchema = z.object({
  heading: z.string().trim().min(1).max(160),
  copy: richHtml(5000),
  image: imageSchema,
  links: z.array(linkSchema).min(1).max(4),
});
export type GiftCardsFeatureValue = z.output<typeof giftCardsFeatureSchema>;

export const giftCardsFeatureBlock = defineBlockSchema({
  type: 'gift_cards_feature',
  schema: giftCardsFeatureSchema,
  meta: {
    label: 'Gift cards feature',
    fields: { image: { label: 'Image', widget: 'image_chooser' }, links: { label: 'Buttons', widget: 'link' } },
  },
  demo: {
    heading: 'Give the Gift of Seafood',
    copy: '<p>Harborline gift cards never expire and work at every restaurant.</p>',
    image: demoImage('rolls', 'A basket of sea-salt rolls'),
    links: [
      { url: '/gift-cards/', display_name: 'Buy Gift Cards', link_type: 'internal', link_style: 'primary' },
      { url: '/faq/', display_name: 'Gift Card Questions', link_type: 'internal', link_style: 'secondary' },
    ],
  },
});
