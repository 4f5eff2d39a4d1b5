import * as z from 'zod';
import { imageSchema } from '../../../shared/schemas/media';
import { demoImage } from '../demo-images';
import { defineBlockSchema } from '../define';

export const couponSchema = z.object({
  coupon_image: imageSchema,
  /** The last day the coupon is valid (a calendar date, no time zone). */
  expires_on: z.iso.date(),
});

export type CouponValue = z.output<typeof couponSchema>;

export const couponBlock = defineBlockSchema({
  type: 'coupon',
  schema: couponSchema,
  meta: {
    label: 'Coupon',
    fields: {
      coupon_image: { label: 'Coupon image', widget: 'image_chooser' },
      expires_on: { label: 'Expires on', widget: 'date' },
    },
  },
  demo: { coupon_image: demoImage('coupon', 'Coupon: one free appetizer with any entrée'), expires_on: '2027-12-31' },
});
