import { z } from 'zod';
import { safeUrlSchema } from '../../../shared/schemas/content';
import { defineBlockSchema } from '../define';

/** Spec section 3: root_page, tier_one_links, tier_two_links (a parent plus links); links have id, url, title. */
const navLinkSchema = z.object({ id: z.number().int().nonnegative(), url: safeUrlSchema, title: z.string().trim().min(1).max(120) });

export const tieredNavSchema = z.object({
  root_page: navLinkSchema,
  tier_one_links: z.array(navLinkSchema).max(20).default([]),
  tier_two_links: z.array(z.object({ parent: navLinkSchema, links: z.array(navLinkSchema).min(1).max(20) })).max(20).default([]),
});
export type TieredNavValue = z.output<typeof tieredNavSchema>;
export type TieredNavLink = z.output<typeof navLinkSchema>;

export const tieredNavBlock = defineBlockSchema({
  type: 'tiered_nav',
  schema: tieredNavSchema,
  meta: {
    label: 'Tiered navigation',
    fields: {
      root_page: { label: 'Root page', widget: 'page_chooser' },
      tier_one_links: { label: 'First-tier links', widget: 'page_chooser' },
      tier_two_links: { label: 'Second-tier groups', helpText: 'A parent link and the pages under it.' },
    },
  },
  demo: {
    root_page: { id: 1, url: '/menu/', title: 'Menu' },
    tier_one_links: [
      { id: 2, url: '/menu/lunch/', title: 'Lunch' },
      { id: 3, url: '/block-gallery/', title: 'Block Gallery' },
    ],
    tier_two_links: [
      {
        parent: { id: 4, url: '/menu/dinner/', title: 'Dinner' },
        links: [
          { id: 5, url: '/menu/dinner/lobster/', title: 'Lobster' },
          { id: 6, url: '/menu/dinner/crab/', title: 'Crab' },
        ],
      },
    ],
  },
});
