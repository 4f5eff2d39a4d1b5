import * as z from 'zod';
import { backgroundStyleSchema, linkSchema } from '../../../shared/schemas/content';
import { defineBlockSchema } from '../define';
import { richHtml } from '../rich-html';

export const freshCatchNewsPromoSchema = z.object({
  heading: z.string().trim().min(1).max(160),
  copy: richHtml(5000),
  link: linkSchema,
  background_style: backgroundStyleSchema,
});
export type FreshCatchNewsPromoValue = z.output<typeof freshCatchNewsPromoSchema>;

export const freshCatchNewsPromoBlock = defineBlockSchema({
  type: 'fresh_catch_news_promo',
  schema: freshCatchNewsPromoSchema,
  meta: {
    label: 'Fresh Catch News promo',
    fields: {
      link: { label: 'Signup page link', widget: 'link' },
      background_style: { label: 'Background style', widget: 'select' },
    },
  },
  demo: {
    heading: 'Join Fresh Catch News',
    copy: '<p>Sign up for our e-mails and get a <strong>free appetizer or dessert</strong> on your next visit.</p>',
    link: { url: '/email-signup/', display_name: 'Sign Up Now', link_type: 'internal', link_style: 'primary' },
    background_style: 'blue-chill',
  },
});
