import * as z from 'zod';
import { defineBlockSchema } from '../define';

/**
 * A section anchor of the page's scroll-nav menu (spec section 2): the block marks where a
 * section starts (id = slug) and shows the menu of every such section on the page, so the menu
 * is built from the page's own blocks without a second list to keep in sync.
 */
export const scrollNavMenuItemSchema = z.object({
  name: z.string().trim().min(1).max(60),
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case letters, digits and hyphens'),
});
export type ScrollNavMenuItemValue = z.output<typeof scrollNavMenuItemSchema>;

export const scrollNavMenuItemBlock = defineBlockSchema({
  type: 'scroll_nav_menu_item',
  schema: scrollNavMenuItemSchema,
  meta: {
    label: 'Scroll nav menu item',
    fields: {
      name: { label: 'Menu label' },
      slug: { label: 'Anchor', helpText: 'The section is reached at #anchor.' },
    },
  },
  demo: { name: 'Our Menu', slug: 'our-menu' },
});
