import * as z from 'zod';
import { SOCIAL_ICONS } from '../constants/social';

export { SOCIAL_ICONS, SOCIAL_LABELS, type SocialIcon } from '../constants/social';
import { safeUrlSchema } from './content';

/**
 * Site-wide header and footer content (spec section 3, "Header content" and "Footer content").
 * Edited as snippets in the back office; validated here on save and again on read.
 */

/**
 * A header link: a link without a url is kept (editors draft them) but never shown. A link to a
 * page stores the page's id (`page`); the header's reader fills `url` with the page's current
 * address, so the link follows the page when it moves (server/modules/snippets/page-links.ts).
 */
const headerLeafSchema = z.object({
  display_name: z.string().trim().min(1, 'must not be empty.').max(80, 'must be at most 80 characters.'),
  url: safeUrlSchema.optional(),
  page: z.number().int().positive().max(2_147_483_647).optional(),
});

/** Up to three levels (tiered navigation): a section, its links, and links under a link. */
export const headerLinkSchema = headerLeafSchema.extend({
  children: z.array(headerLeafSchema).max(20, 'at most 20 links under a link').optional(),
});

export const HEADER_SECTION_ROLES = ['primary', 'secondary', 'social-media-row'] as const;

export const headerSectionSchema = z.object({
  role: z.enum(HEADER_SECTION_ROLES),
  /** A section's own label, shown as the menu trigger (e.g. 'Menu', 'Specials'). */
  title: z.string().trim().max(80, 'must be at most 80 characters.').default(''),
  links: z.array(headerLinkSchema).max(30, 'at most 30 links in a section').default([]),
});

export const headerContentSchema = z.object({ sections: z.array(headerSectionSchema).max(12) });

export const footerLinkSchema = z.object({ url: safeUrlSchema, display_name: z.string().trim().min(1).max(80) });

export const footerColumnSchema = z.object({
  title: z.string().trim().min(1).max(80),
  is_collapsable: z.boolean().default(false),
  links: z.array(footerLinkSchema).max(30).default([]),
});

export const socialIconSchema = z.object({ link: safeUrlSchema, icon: z.enum(SOCIAL_ICONS) });

/** Regions are other country sites; `url` is absolute so it can be compared with the current URL. */
export const regionSchema = z.object({
  id: z.number().int().nonnegative(),
  title: z.string().trim().min(1).max(80),
  url: z.url({ protocol: /^https?$/ }),
});

export const footerContentSchema = z.object({
  columns: z.array(footerColumnSchema).max(8).default([]),
  social_icons: z.array(socialIconSchema).max(SOCIAL_ICONS.length).default([]),
  /** Plain text, one paragraph per line. */
  legal_text: z.string().trim().max(2000).default(''),
  regions: z.array(regionSchema).max(12).default([]),
  /** Draws Twitter with the older bird logo instead of the X mark. */
  use_twitter_bird: z.boolean().default(false),
});

export type HeaderLink = z.output<typeof headerLinkSchema>;
export type HeaderSection = z.output<typeof headerSectionSchema>;
export type HeaderContent = z.output<typeof headerContentSchema>;
export type FooterColumn = z.output<typeof footerColumnSchema>;
export type FooterContent = z.output<typeof footerContentSchema>;
export type Region = z.output<typeof regionSchema>;

/**
 * The header as a page carries it: its content plus the feature flag and the accessibility
 * feedback URL the footer's report form posts to.
 */
export const siteHeaderPayloadSchema = z.object({ newHeader: z.boolean(), content: headerContentSchema });
export const siteFooterPayloadSchema = z.object({
  content: footerContentSchema,
  a11yFeedbackUrl: z.string().nullable(),
});
export type SiteHeaderPayload = z.output<typeof siteHeaderPayloadSchema>;
export type SiteFooterPayload = z.output<typeof siteFooterPayloadSchema>;
