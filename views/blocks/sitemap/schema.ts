import * as z from 'zod';
import { defineBlockSchema } from '../define';

/**
 * A list of the site's live pages. The block holds only its heading: the list itself is computed
 * by the server on every render (server/modules/navigation/sitemap.ts into page.extra.sitemap),
 * so it never goes stale.
 */
export const sitemapSchema = z.object({ heading: z.string().trim().max(200).default('Sitemap') });
export type SitemapValue = z.output<typeof sitemapSchema>;

export const sitemapBlock = defineBlockSchema({
  type: 'sitemap',
  schema: sitemapSchema,
  meta: {
    label: 'Sitemap',
    fields: { heading: { label: 'Heading', helpText: 'The list of pages is built automatically.' } },
  },
  demo: { heading: 'Sitemap' },
});
