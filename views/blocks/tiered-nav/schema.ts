import * as z from 'zod';
import { safeUrlSchema } from '../../../shared/schemas/content';
import { defineBlockSchema, type BlockReference } from '../define';

/** Spec section 3: root_page, tier_one_links, tier_two_links (a parent plus links); links have id, url, title. */
const navLinkSchema = z.object({
  id: z.number().int().nonnegative(),
  url: safeUrlSchema,
  title: z.string().trim().min(1).max(120),
});

export const tieredNavSchema = z.object({
  root_page: navLinkSchema,
  tier_one_links: z.array(navLinkSchema).max(20).default([]),
  tier_two_links: z
    .array(z.object({ parent: navLinkSchema, links: z.array(navLinkSchema).min(1).max(20) }))
    .max(20)
    .default([]),
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
  // Page chooser links carry the page id (0: a link typed by hand).
  references: (value) => {
    const out: BlockReference[] = [];
    const add = (link: TieredNavLink, path: Array<string | number>) => {
      if (link.id > 0) out.push({ model: 'wagtailcore.page', id: link.id, path, label: link.title });
    };
    add(value.root_page, ['root_page']);
    value.tier_one_links.forEach((link, i) => add(link, ['tier_one_links', i]));
    value.tier_two_links.forEach((group, i) => {
      add(group.parent, ['tier_two_links', i, 'parent']);
      group.links.forEach((link, j) => add(link, ['tier_two_links', i, 'links', j]));
    });
    return out;
  },
  // Pages the demo seeds (the gallery shows this value, and every link in the demo resolves).
  demo: {
    root_page: { id: 1, url: '/menu/', title: 'Menu' },
    tier_one_links: [
      { id: 2, url: '/specials/', title: 'Specials' },
      { id: 3, url: '/catering/', title: 'Catering' },
    ],
    tier_two_links: [
      {
        parent: { id: 4, url: '/about/', title: 'Our Story' },
        links: [
          { id: 5, url: '/careers/', title: 'Careers' },
          { id: 6, url: '/press/', title: 'Press' },
        ],
      },
    ],
  },
});
